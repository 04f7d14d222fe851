import type { mongo } from 'mongoose';
import type { StoredDraft } from '@zulip-es/contracts';
import { documentSchema } from '@zulip-es/platform';
import type { ChannelState } from '../channels/channel.state';
import type { DefaultChannelsState } from '../channels/default-channels.state';
import type { ChannelFoldersState } from '../channels/folders/channel-folders.state';
import type { UserSubscriptionSettingsState } from '../channels/subscription-settings/subscription-settings.state';
import type { UserSubscriptionsState } from '../channels/user-subscriptions.state';
import type { DraftsState } from '../drafts/drafts.state';
import type { UserFlagsState } from '../flags/user-flags.state';
import type { StoredTags } from '../messages/message-lists/id-chunk-codec';
import type { MessageState } from '../messages/message.state';
import type { SubscriptionHistoryState } from '../messages/subscription-history.state';
import type { TopicIndexChunkDoc, TopicIndexHeadDoc } from '../messages/topic-history/topic-index-store';
import type { TopicParticipantsState } from '../messages/topic-participants.state';
import type { MutedUsersState } from '../muted-users/muted-users.state';
import type { AlertWordsState } from '../alert-words/alert-words.state';
import type { UploadRefsState } from '../attachments/upload-refs';
import type { ScheduledIndexState, ScheduledMessageState } from '../scheduled-messages/scheduled-message.state';
import type { TopicPoliciesState } from '../user-topics/topic-policies.state';
import type { UserTopicsState } from '../user-topics/user-topics.state';

/**
 * The documents of the messages projection, one schema per collection. Every lookup is by `_id`
 * (the local store pushes only those down to its SQL backend), so none declares another index.
 */
export type Doc<T> = T & { _id: string };

/** A chunk of a message list: its tags, if any, as a table (`StoredTags`) or, written before the table, as one text. */
export type ChunkDoc = { _id: string; ids: mongo.Binary; tags?: string } & Partial<StoredTags>;
export type ListHeadDoc = { _id: string; refs: mongo.Binary; nextNo: number };
/** A counter (`channel_id`, `dm_group_no`, ...); `messages_version` also holds the last message id. */
export type CounterDoc = { _id: string; value: number; lastMessageId?: number };

export const CHANNELS = documentSchema<Doc<ChannelState>>('channels', {
  channelId: 'Number',
  name: 'String',
  description: 'String',
  renderedDescription: 'String',
  creatorId: 'Number',
  dateCreated: 'String',
  inviteOnly: 'Boolean',
  isWebPublic: 'Boolean',
  historyPublicToSubscribers: 'Boolean',
  messageRetentionDays: 'Number',
  topicsPolicy: 'String',
  folderId: 'Number',
  isArchived: 'Boolean',
  settings: 'Mixed',
  subscriberIds: ['Number'],
  firstMessageId: 'Number',
  version: 'Number',
});
/** Lower-case channel name → channel id (names are unique case-insensitively). */
export const CHANNEL_NAMES = documentSchema<{ _id: string; channelId: number }>('channel_names', { channelId: 'Number' });
export const USER_SUBSCRIPTIONS = documentSchema<Doc<UserSubscriptionsState>>('user_subscriptions', {
  userId: 'Number',
  subscriptions: 'Mixed',
});
export const SUBSCRIPTION_SETTINGS = documentSchema<Doc<UserSubscriptionSettingsState>>('subscription_settings', {
  userId: 'Number',
  channels: 'Mixed',
  version: 'Number',
});
export const SCHEDULED_MESSAGES = documentSchema<Doc<ScheduledMessageState>>('scheduled_messages', {
  scheduledMessageId: 'Number',
  senderId: 'Number',
  kind: 'String',
  conversation: 'Mixed',
  content: 'String',
  renderedContent: 'String',
  deliverAt: 'Number',
  readBySender: 'Boolean',
  client: 'String',
  failed: 'Boolean',
  failureMessage: 'String',
  reminderTargetMessageId: 'Number',
  reminderNote: 'String',
  status: 'String',
  deliveredMessageId: 'Number',
  version: 'Number',
});
export const SCHEDULED_INDEXES = documentSchema<Doc<ScheduledIndexState>>('scheduled_indexes', { userId: 'Number', ids: ['Number'] });
export const CHANNEL_FOLDERS = documentSchema<Doc<ChannelFoldersState>>('channel_folders', { folders: 'Mixed', version: 'Number' });
export const DEFAULT_CHANNELS = documentSchema<Doc<DefaultChannelsState>>('default_channels', {
  channelIds: ['Number'],
  version: 'Number',
});
export const USER_DRAFTS = documentSchema<Doc<DraftsState>>('user_drafts', {
  userId: 'Number',
  draftNumbers: ['Number'],
  lastDraftNumber: 'Number',
  clearedThrough: 'Number',
  version: 'Number',
});
export const DRAFTS = documentSchema<Doc<StoredDraft>>('drafts', {
  id: 'Number',
  type: 'String',
  to: ['Number'],
  topic: 'String',
  content: 'String',
  timestamp: 'Number',
});
export const USER_TOPICS = documentSchema<Doc<UserTopicsState>>('user_topics', {
  userId: 'Number',
  topics: 'Mixed',
  version: 'Number',
  positions: 'Mixed',
  pending: 'Mixed',
  rev: 'Number',
});
export const TOPIC_POLICIES = documentSchema<Doc<TopicPoliciesState>>('topic_policies', {
  channelId: 'Number',
  topicKey: 'String',
  entries: 'Mixed',
  rev: 'Number',
});
/** Written after the lists and indexes, whose newest message `lastMessageId` vouches for (flag commands read it on other partitions). */
export const COUNTERS = documentSchema<CounterDoc>('counters', { value: 'Number', lastMessageId: 'Number' }, [], {
  writtenAfter: 'everything',
});
export const MESSAGES = documentSchema<Doc<MessageState>>('messages', {
  messageId: 'Number',
  senderId: 'Number',
  conversation: 'Mixed',
  recipientId: 'Number',
  content: 'String',
  renderedContent: 'String',
  timestamp: 'Number',
  client: 'String',
  lastEditTimestamp: 'Number',
  lastMovedTimestamp: 'Number',
  editHistory: 'Mixed',
  topicParticipantIds: ['Number'],
  alertWordUserIds: ['Number'],
  readBySender: 'Boolean',
  attachmentPathIds: ['String'],
  reactions: 'Mixed',
  submessages: 'Mixed',
  version: 'Number',
});
/** Chunks and heads of the message id lists (see `message-lists/message-list.ts`); ids and tags are binary. */
export const MESSAGE_LIST_CHUNKS = documentSchema<ChunkDoc>('message_list_chunks', {
  ids: 'Mixed',
  tags: 'String',
  tagTable: 'String',
  tagIndex: 'Mixed',
});
/** A head names its chunks: written after them. */
export const MESSAGE_LIST_HEADS = documentSchema<ListHeadDoc>('message_list_heads', { refs: 'Mixed', nextNo: 'Number' }, [], {
  writtenAfter: [MESSAGE_LIST_CHUNKS],
});
export const SUBSCRIPTION_HISTORY = documentSchema<Doc<SubscriptionHistoryState>>('subscription_history', {
  userId: 'Number',
  channelId: 'Number',
  intervals: 'Mixed',
  movedIn: ['Number'],
  channelVersion: 'Number',
});
/** Group direct conversations (`dmgroup:<sorted ids>`) and their number (for `recipient_id`). */
export const DM_GROUPS = documentSchema<{ _id: string; groupNo: number }>('dm_groups', { groupNo: 'Number' });
export const TOPIC_INDEX_CHUNKS = documentSchema<TopicIndexChunkDoc>('topic_index_chunks', { ids: 'Mixed', names: 'String' });
export const TOPIC_INDEX_HEADS = documentSchema<TopicIndexHeadDoc>('topic_index_heads', { refs: 'Mixed', nextNo: 'Number' }, [], {
  writtenAfter: [TOPIC_INDEX_CHUNKS],
});
export const TOPIC_PARTICIPANTS = documentSchema<Doc<TopicParticipantsState>>('topic_participants', {
  messagesBySender: 'Mixed',
  version: 'Number',
});
export const MUTED_USERS = documentSchema<Doc<MutedUsersState>>('muted_users', {
  userId: 'Number',
  muted: 'Mixed',
  past: 'Mixed',
  version: 'Number',
});
export const ALERT_WORDS = documentSchema<Doc<AlertWordsState>>('alert_words', { userId: 'Number', words: ['String'], version: 'Number' });
export const USER_FLAGS = documentSchema<Doc<UserFlagsState>>('user_flags', {
  userId: 'Number',
  recordedThrough: 'Number',
  version: 'Number',
});
export const UPLOAD_REFS = documentSchema<Doc<UploadRefsState>>('upload_refs', { pathId: 'String', messageIds: ['Number'] });
