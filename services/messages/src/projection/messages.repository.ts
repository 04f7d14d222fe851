import type { StoredDraft } from '@zulip-es/contracts';
import { documentsOf, type DocumentCollection, type ProjectionDb } from '@zulip-es/platform';
import { channelAggregateId, channelFromDocument, type ChannelState } from '../channels/channel.state';
import { DEFAULT_CHANNELS_AGGREGATE, NO_DEFAULT_CHANNELS, type DefaultChannelsState } from '../channels/default-channels.state';
import { CHANNEL_FOLDERS_AGGREGATE, NO_CHANNEL_FOLDERS, type ChannelFoldersState } from '../channels/folders/channel-folders.state';
import {
  scheduledIndexId,
  scheduledMessageId,
  type ScheduledIndexState,
  type ScheduledMessageState,
} from '../scheduled-messages/scheduled-message.state';
import { draftDocId, draftsAggregateId, noDrafts, type DraftsState } from '../drafts/drafts.state';
import { noSubscriptions, userSubscriptionsId, type UserSubscriptionsState } from '../channels/user-subscriptions.state';
import {
  noSubscriptionSettings,
  subscriptionSettingsId,
  type UserSubscriptionSettingsState,
} from '../channels/subscription-settings/subscription-settings.state';
import type { Chunk, ListHead, ListStore } from '../messages/message-lists/message-list';
import { CachedListStore } from '../messages/message-lists/cached-list-store';
import { SealedChunkCache } from '../messages/message-lists/sealed-chunk-cache';
import {
  decodeChunkRefs,
  decodeIds,
  decodeTagTable,
  decodeTags,
  encodeChunkRefs,
  encodeIds,
  encodeTags,
  tagsOf,
} from '../messages/message-lists/id-chunk-codec';
import { messageDocId, type MessageState } from '../messages/message.state';
import { subscriptionHistoryId, type SubscriptionHistoryState } from '../messages/subscription-history.state';
import { topicParticipantsId, type TopicParticipantsState } from '../messages/topic-participants.state';
import { userFlagsId, type UserFlagsState } from '../flags/user-flags.state';
import { mutedUsersId, noMutedUsers, type MutedUsersState } from '../muted-users/muted-users.state';
import { alertWordsId, noAlertWords, type AlertWordsState } from '../alert-words/alert-words.state';
import {
  TopicIndexCache,
  TopicIndexStore,
  type TopicIndexChunkDoc,
  type TopicIndexHeadDoc,
} from '../messages/topic-history/topic-index-store';
import { applyToDocument, withoutId } from './projector';
import {
  ALERT_WORDS,
  CHANNEL_FOLDERS,
  CHANNEL_NAMES,
  CHANNELS,
  COUNTERS,
  DEFAULT_CHANNELS,
  DM_GROUPS,
  DRAFTS,
  MESSAGE_LIST_CHUNKS,
  MESSAGE_LIST_HEADS,
  MESSAGES,
  MUTED_USERS,
  SCHEDULED_INDEXES,
  SCHEDULED_MESSAGES,
  SUBSCRIPTION_HISTORY,
  SUBSCRIPTION_SETTINGS,
  TOPIC_INDEX_CHUNKS,
  TOPIC_INDEX_HEADS,
  TOPIC_PARTICIPANTS,
  TOPIC_POLICIES,
  UPLOAD_REFS,
  USER_DRAFTS,
  USER_FLAGS,
  USER_SUBSCRIPTIONS,
  USER_TOPICS,
  type ChunkDoc,
  type CounterDoc,
  type Doc,
  type ListHeadDoc,
} from './messages.schemas';
import { OwnedDocuments } from './owned-documents';
import { uploadRefsDocId, type UploadRefsState } from '../attachments/upload-refs';
import { noTopicPolicies, topicPoliciesId, type TopicPoliciesState } from '../user-topics/topic-policies.state';
import { noUserTopics, userTopicsAggregateId, type UserTopicsState } from '../user-topics/user-topics.state';

type MessagesCounters = { version: number; lastMessageId: number };

/** A stored chunk of a message list as read (none stored: empty). */
function decodeChunk(doc: ChunkDoc | null): Chunk {
  if (!doc) return { ids: [] };
  const ids = decodeIds(doc.ids);
  if (doc.tagTable !== undefined && doc.tagIndex !== undefined) {
    const tagTable = decodeTagTable({ tagTable: doc.tagTable, tagIndex: doc.tagIndex });
    return { ids, tags: tagsOf(tagTable), tagTable };
  }
  return doc.tags === undefined ? { ids } : { ids, tags: decodeTags(doc.tags) };
}

/** Keys of the documents kept in `owned` (ids are unique per collection only). */
const OwnedIds = {
  channel: channelAggregateId,
  channelName: (name: string) => `channel_names:${normalizeChannelName(name)}`,
  subscriptions: userSubscriptionsId,
  messagesCounters: 'counters:messages_version',
};

/**
 * The messages service's projection in Mongo. Every lookup and write is by `_id` (the local store
 * pushes only those down to its SQL backend): channels by `channel:<id>`, channel names by their
 * lower-case form, a user's subscriptions by `subscriptions:<userId>`.
 */
export class MessagesRepository {
  /**
   * The lists as the projector last wrote them: it writes through this cache, and the commands
   * decided on key `realm` (which see every message event applied before them) read through it.
   */
  readonly listCache: CachedListStore;
  /**
   * Channels, channel names, subscriptions and the messages counters as the owner of key `realm`
   * last wrote them: every write of them goes through this repository. Read through by sending
   * (decided on that key) and by the projection, never by queries (see OwnedDocuments).
   */
  readonly owned = new OwnedDocuments();
  /** The topic index as the projector last wrote it (see TopicIndexCache). */
  readonly topicIndexCache = new TopicIndexCache();

  /** The message id lists, stored by `_id` only; their sealed chunks kept once read (see SealedChunkCache). */
  readonly lists: ListStore;

  readonly channels: DocumentCollection<Doc<ChannelState>>;
  /** Lower-case channel name → channel id (names are unique case-insensitively). */
  readonly channelNames: DocumentCollection<{ _id: string; channelId: number }>;
  readonly userSubscriptions: DocumentCollection<Doc<UserSubscriptionsState>>;
  /** Each user's own settings of their subscriptions, by `subscription_settings:<userId>`. */
  readonly subscriptionSettings: DocumentCollection<Doc<UserSubscriptionSettingsState>>;
  /** Scheduled messages and reminders by `scheduled_message:<id>`. */
  readonly scheduledMessages: DocumentCollection<Doc<ScheduledMessageState>>;
  /** Each user's undelivered scheduled messages and reminders, by `scheduled_index:<userId>`. */
  readonly scheduledIndexes: DocumentCollection<Doc<ScheduledIndexState>>;
  readonly channelFoldersDoc: DocumentCollection<Doc<ChannelFoldersState>>;
  readonly defaultChannelsDoc: DocumentCollection<Doc<DefaultChannelsState>>;
  /** Each user's drafts (their numbers and counters), by `drafts:<userId>`. */
  readonly userDrafts: DocumentCollection<Doc<DraftsState>>;
  /** Each draft, by `draft:<userId>:<n>`. */
  readonly drafts: DocumentCollection<Doc<StoredDraft>>;
  /** A user's topic visibility policies, by `user_topics:<userId>`. */
  readonly userTopics: DocumentCollection<Doc<UserTopicsState>>;
  /** Who has a policy for a topic, by `topic_policies:<channelId>:<lower-case topic>`. */
  readonly topicPolicies: DocumentCollection<Doc<TopicPoliciesState>>;
  readonly counters: DocumentCollection<CounterDoc>;
  /** Messages by `message:<id>`. */
  readonly messages: DocumentCollection<Doc<MessageState>>;
  /** Heads and chunks of the message id lists (see `message-lists/message-list.ts`). */
  readonly messageListHeads: DocumentCollection<ListHeadDoc>;
  readonly messageListChunks: DocumentCollection<ChunkDoc>;
  /** Per user and channel, the message ids received while subscribed. */
  readonly subscriptionHistory: DocumentCollection<Doc<SubscriptionHistoryState>>;
  /** Group direct conversations (`dmgroup:<sorted ids>`) and their number (for `recipient_id`). */
  readonly dmGroups: DocumentCollection<{ _id: string; groupNo: number }>;
  private readonly topicIndexHeads: DocumentCollection<TopicIndexHeadDoc>;
  private readonly topicIndexChunks: DocumentCollection<TopicIndexChunkDoc>;
  /** Who sent a topic's messages, by `topic_participants:<channelId>:<lower-case topic>`. */
  readonly topicParticipants: DocumentCollection<Doc<TopicParticipantsState>>;
  /** Each user's muted users, by `muted_users:<userId>`. */
  readonly mutedUsers: DocumentCollection<Doc<MutedUsersState>>;
  /** Each user's alert words, by `alert_words:<userId>`. */
  readonly alertWords: DocumentCollection<Doc<AlertWordsState>>;
  /** Each user's flags document, by `flags:<userId>` (their lists are message lists). */
  readonly userFlags: DocumentCollection<Doc<UserFlagsState>>;
  /** Which messages claim an upload, by `upload_refs:<path id>`. */
  readonly uploadRefs: DocumentCollection<Doc<UploadRefsState>>;

  /** `db`: the service's database, or the documents a rebuild hands its projection. */
  constructor(db: ProjectionDb) {
    const documents = documentsOf(db);
    this.channels = documents.of(CHANNELS);
    this.channelNames = documents.of(CHANNEL_NAMES);
    this.userSubscriptions = documents.of(USER_SUBSCRIPTIONS);
    this.subscriptionSettings = documents.of(SUBSCRIPTION_SETTINGS);
    this.scheduledMessages = documents.of(SCHEDULED_MESSAGES);
    this.scheduledIndexes = documents.of(SCHEDULED_INDEXES);
    this.channelFoldersDoc = documents.of(CHANNEL_FOLDERS);
    this.defaultChannelsDoc = documents.of(DEFAULT_CHANNELS);
    this.userDrafts = documents.of(USER_DRAFTS);
    this.drafts = documents.of(DRAFTS);
    this.userTopics = documents.of(USER_TOPICS);
    this.topicPolicies = documents.of(TOPIC_POLICIES);
    this.counters = documents.of(COUNTERS);
    this.messages = documents.of(MESSAGES);
    this.messageListHeads = documents.of(MESSAGE_LIST_HEADS);
    this.messageListChunks = documents.of(MESSAGE_LIST_CHUNKS);
    this.subscriptionHistory = documents.of(SUBSCRIPTION_HISTORY);
    this.dmGroups = documents.of(DM_GROUPS);
    this.topicIndexHeads = documents.of(TOPIC_INDEX_HEADS);
    this.topicIndexChunks = documents.of(TOPIC_INDEX_CHUNKS);
    this.topicParticipants = documents.of(TOPIC_PARTICIPANTS);
    this.mutedUsers = documents.of(MUTED_USERS);
    this.alertWords = documents.of(ALERT_WORDS);
    this.userFlags = documents.of(USER_FLAGS);
    this.uploadRefs = documents.of(UPLOAD_REFS);
    this.lists = new SealedChunkCache(this.storedLists());
    this.listCache = new CachedListStore(this.lists);
  }

  async scheduledMessage(id: number): Promise<ScheduledMessageState | null> {
    const doc = await this.scheduledMessages.findOne({ _id: scheduledMessageId(id) });
    return doc ? withoutId(doc) : null;
  }

  /** How many undelivered scheduled messages and reminders the user keeps (their index alone). */
  async scheduledCountOf(userId: number): Promise<number> {
    return (await this.scheduledIndexes.findOne({ _id: scheduledIndexId(userId) }))?.ids.length ?? 0;
  }

  /** The user's undelivered scheduled messages and reminders (each read by `_id`). */
  async scheduledMessagesOf(userId: number): Promise<ScheduledMessageState[]> {
    const index = await this.scheduledIndexes.findOne({ _id: scheduledIndexId(userId) });
    const found = await Promise.all((index?.ids ?? []).map((id) => this.scheduledMessage(id)));
    return found.filter((m): m is ScheduledMessageState => m !== null && m.status === 'scheduled');
  }

  async channelFolders(): Promise<ChannelFoldersState> {
    const doc = await this.channelFoldersDoc.findOne({ _id: CHANNEL_FOLDERS_AGGREGATE });
    return doc ? withoutId(doc) : NO_CHANNEL_FOLDERS;
  }

  /**
   * Each channel's topics by their newest message (see `topic-history/topic-index.ts`): heads and
   * chunks by `_id`, through the projector's cache when it writes (`cached`).
   */
  topicIndex(cached = false): TopicIndexStore {
    return new TopicIndexStore(this.topicIndexHeads, this.topicIndexChunks, cached ? this.topicIndexCache : undefined);
  }

  async mutedUsersOf(userId: number): Promise<MutedUsersState> {
    const doc = await this.mutedUsers.findOne({ _id: mutedUsersId(userId) });
    return doc ? withoutId(doc) : noMutedUsers(userId);
  }

  async alertWordsOf(userId: number): Promise<AlertWordsState> {
    const doc = await this.alertWords.findOne({ _id: alertWordsId(userId) });
    return doc ? withoutId(doc) : noAlertWords(userId);
  }

  async userFlagsOf(userId: number): Promise<UserFlagsState | null> {
    const doc = await this.userFlags.findOne({ _id: userFlagsId(userId) });
    return doc ? withoutId(doc) : null;
  }

  /** The topic's senders and their counts of messages (null: the topic has no messages). */
  async topicParticipantsOf(channelId: number, topic: string): Promise<TopicParticipantsState | null> {
    const doc = await this.topicParticipants.findOne({ _id: topicParticipantsId(channelId, topic) });
    return doc ? withoutId(doc) : null;
  }

  /** The ids of the messages claiming an upload (sorted; none: []). */
  async messagesClaiming(pathId: string): Promise<number[]> {
    return (await this.uploadRefs.findOne({ _id: uploadRefsDocId(pathId) }))?.messageIds ?? [];
  }

  async message(messageId: number): Promise<MessageState | null> {
    const doc = await this.messages.findOne({ _id: messageDocId(messageId) });
    return doc ? withoutId(doc) : null;
  }

  /** Several messages by id, each looked up by `_id` (the local store scans for `$in`). */
  async messagesByIds(ids: readonly number[]): Promise<MessageState[]> {
    return (await Promise.all(ids.map((id) => this.message(id)))).filter((m): m is MessageState => m !== null);
  }

  /** The conversation of each of these messages (absent ones left out), read by `_id` without the content. */
  async conversationsOf(ids: readonly number[]): Promise<Pick<MessageState, 'messageId' | 'conversation'>[]> {
    const projection = { messageId: 1, conversation: 1 } as const;
    const docs = await Promise.all(ids.map((id) => this.messages.findOne({ _id: messageDocId(id) }, { projection })));
    return docs.flatMap((doc) => (doc ? [{ messageId: doc.messageId, conversation: doc.conversation }] : []));
  }

  /** Deletes the messages' documents in one request (one delete by `_id` each; absent ones are ignored). */
  async deleteMessages(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.messages.bulkWrite(
      ids.map((id) => ({ deleteOne: { filter: { _id: messageDocId(id) } } })),
      { ordered: false },
    );
  }

  /** The highest message id given so far, kept with the `messages` version (see `setMessagesVersion`). */
  async lastMessageId(): Promise<number> {
    return (await this.messagesCounters()).lastMessageId;
  }

  /** The version of the realm-wide `messages` aggregate: the sequence of the last message event applied. */
  async messagesVersion(): Promise<number> {
    return (await this.messagesCounters()).version;
  }

  /** Both, from their one document (sending a message needs both: one read). */
  async messagesCounters(): Promise<{ version: number; lastMessageId: number }> {
    const doc = await this.counters.findOne({ _id: 'messages_version' });
    return { version: doc?.value ?? 0, lastMessageId: doc?.lastMessageId ?? 0 };
  }

  /**
   * `lastMessageId`: the id of a message the event sent. Kept in the version's document so a
   * sent message costs one counter write, not three (reading and raising a separate counter).
   */
  async setMessagesVersion(version: number, lastMessageId?: number): Promise<void> {
    // The whole document, from the counters kept in memory: a field update read it from the store
    // first (a command group's writes start from the store's documents), once per message.
    const next = { version, lastMessageId: lastMessageId ?? (await this.ownedMessagesCounters()).lastMessageId };
    await this.owned.write<MessagesCounters>(
      OwnedIds.messagesCounters,
      () =>
        this.counters.replaceOne({ _id: 'messages_version' }, { value: next.version, lastMessageId: next.lastMessageId }, { upsert: true }),
      () => next,
    );
  }

  /** `messagesCounters` as kept by the owner of key `realm` (see `owned`). */
  ownedMessagesCounters(): Promise<MessagesCounters> {
    return this.owned.read(OwnedIds.messagesCounters, () => this.messagesCounters());
  }

  async subscriptionHistoryOf(userId: number, channelId: number): Promise<SubscriptionHistoryState | null> {
    const doc = await this.subscriptionHistory.findOne({ _id: subscriptionHistoryId(userId, channelId) });
    return doc ? withoutId(doc) : null;
  }

  async dmGroupNo(userIds: readonly number[]): Promise<number | null> {
    return (await this.dmGroups.findOne({ _id: dmGroupDocId(userIds) }))?.groupNo ?? null;
  }

  async lastDmGroupNo(): Promise<number> {
    return (await this.counters.findOne({ _id: 'dm_group_no' }))?.value ?? 0;
  }

  protected storedLists(): ListStore {
    const heads = this.messageListHeads;
    const chunks = this.messageListChunks;
    return {
      head: async (key): Promise<ListHead | null> => {
        const doc = await heads.findOne({ _id: key });
        return doc ? { chunks: decodeChunkRefs(doc.refs), nextNo: doc.nextNo } : null;
      },
      putHead: async (key, head) =>
        void (await heads.replaceOne({ _id: key }, { refs: encodeChunkRefs(head.chunks), nextNo: head.nextNo }, { upsert: true })),
      deleteHead: async (key) => void (await heads.deleteOne({ _id: key })),
      chunk: async (key, no) => decodeChunk(await chunks.findOne({ _id: `${key}#${no}` })),
      chunksOf: async (key, nos) => {
        const docs = await chunks.find({ _id: { $in: nos.map((no) => `${key}#${no}`) } });
        const byId = new Map(docs.map((doc) => [doc._id, doc]));
        return nos.map((no) => decodeChunk(byId.get(`${key}#${no}`) ?? null));
      },
      putChunk: async (key, no, { ids, tags }) =>
        void (await chunks.replaceOne(
          { _id: `${key}#${no}` },
          { ids: encodeIds(ids), ...(tags ? encodeTags(tags) : {}) },
          { upsert: true },
        )),
      deleteChunk: async (key, no) => void (await chunks.deleteOne({ _id: `${key}#${no}` })),
    };
  }

  async channel(channelId: number): Promise<ChannelState | null> {
    const doc = await this.channels.findOne({ _id: channelAggregateId(channelId) });
    return doc ? channelFromDocument(withoutId(doc)) : null;
  }

  async channelByName(name: string): Promise<ChannelState | null> {
    const entry = await this.channelNames.findOne({ _id: normalizeChannelName(name) });
    return entry ? this.channel(entry.channelId) : null;
  }

  /** `channel` as kept by the owner of key `realm` (see `owned`). */
  ownedChannel(channelId: number): Promise<ChannelState | null> {
    return this.owned.read(OwnedIds.channel(channelId), () => this.channel(channelId));
  }

  /** `channelByName` as kept by the owner of key `realm` (see `owned`). */
  async ownedChannelByName(name: string): Promise<ChannelState | null> {
    const entry = await this.owned.read(OwnedIds.channelName(name), () => this.channelNames.findOne({ _id: normalizeChannelName(name) }));
    return entry ? this.ownedChannel(entry.channelId) : null;
  }

  /** Applies a channel event to the channel's document (see `applyToDocument`). */
  async applyToChannel(channelId: number, sequence: number, evolve: (current: ChannelState | null) => ChannelState): Promise<void> {
    await this.owned.write(OwnedIds.channel(channelId), () =>
      applyToDocument(this.channels, channelAggregateId(channelId), sequence, evolve),
    );
  }

  /** The channel's `first_message_id`, a field outside its versioned state. */
  async setFirstMessageId(channelId: number, firstMessageId: number | null): Promise<void> {
    await this.owned.write<ChannelState | null>(
      OwnedIds.channel(channelId),
      () => this.channels.updateOne({ _id: channelAggregateId(channelId) }, { $set: { firstMessageId } }),
      (kept) => kept && { ...kept, firstMessageId },
    );
  }

  async putChannelName(name: string, channelId: number): Promise<void> {
    await this.owned.write(OwnedIds.channelName(name), () =>
      this.channelNames.replaceOne({ _id: normalizeChannelName(name) }, { channelId }, { upsert: true }),
    );
  }

  /** The name index after a rename (a change of case keeps the one entry). */
  async moveChannelName(from: string, to: string, channelId: number): Promise<void> {
    const old = normalizeChannelName(from);
    // The old name may name another channel since (replayed events): only this channel's entry goes.
    if (old !== normalizeChannelName(to) && (await this.channelNames.findOne({ _id: old }))?.channelId === channelId) {
      await this.owned.write(OwnedIds.channelName(from), () => this.channelNames.deleteOne({ _id: old }));
    }
    await this.putChannelName(to, channelId);
  }

  /** Every channel (queries only: the local store scans the collection). */
  async allChannels(): Promise<ChannelState[]> {
    return (await this.channels.find({})).map((d) => channelFromDocument(withoutId(d))).sort((a, b) => a.channelId - b.channelId);
  }

  async subscriptionsOf(userId: number): Promise<UserSubscriptionsState> {
    const doc = await this.userSubscriptions.findOne({ _id: userSubscriptionsId(userId) });
    return doc ? withoutId(doc) : noSubscriptions(userId);
  }

  /** `subscriptionsOf` as kept by the owner of key `realm` (see `owned`). */
  ownedSubscriptionsOf(userId: number): Promise<UserSubscriptionsState> {
    return this.owned.read(OwnedIds.subscriptions(userId), () => this.subscriptionsOf(userId));
  }

  async putSubscriptions(state: UserSubscriptionsState): Promise<void> {
    await this.owned.write(
      OwnedIds.subscriptions(state.userId),
      () => this.userSubscriptions.replaceOne({ _id: userSubscriptionsId(state.userId) }, state, { upsert: true }),
      () => state,
    );
  }

  async subscriptionSettingsOf(userId: number): Promise<UserSubscriptionSettingsState> {
    const doc = await this.subscriptionSettings.findOne({ _id: subscriptionSettingsId(userId) });
    return doc ? withoutId(doc) : noSubscriptionSettings(userId);
  }

  async putSubscriptionSettings(state: UserSubscriptionSettingsState): Promise<void> {
    await this.subscriptionSettings.replaceOne({ _id: subscriptionSettingsId(state.userId) }, state, { upsert: true });
  }

  async draftsOf(userId: number): Promise<DraftsState> {
    const doc = await this.userDrafts.findOne({ _id: draftsAggregateId(userId) });
    return doc ? withoutId(doc) : noDrafts(userId);
  }

  /** The user's drafts of these numbers, each looked up by `_id` (the local store scans for `$in`). */
  async storedDrafts(userId: number, numbers: readonly number[]): Promise<StoredDraft[]> {
    const docs = await Promise.all(numbers.map((n) => this.drafts.findOne({ _id: draftDocId(userId, n) })));
    return docs.flatMap((doc) => (doc ? [withoutId(doc)] : []));
  }

  async userTopicsOf(userId: number): Promise<UserTopicsState> {
    const doc = await this.userTopics.findOne({ _id: userTopicsAggregateId(userId) });
    return doc ? withoutId(doc) : noUserTopics(userId);
  }

  async topicPoliciesOf(channelId: number, topicName: string): Promise<TopicPoliciesState> {
    const doc = await this.topicPolicies.findOne({ _id: topicPoliciesId(channelId, topicName) });
    return doc ? withoutId(doc) : noTopicPolicies(channelId, topicName);
  }

  async defaultChannels(): Promise<DefaultChannelsState> {
    const doc = await this.defaultChannelsDoc.findOne({ _id: DEFAULT_CHANNELS_AGGREGATE });
    return doc ? withoutId(doc) : NO_DEFAULT_CHANNELS;
  }

  /** The highest channel id ever assigned (0 before the first). */
  async lastScheduledMessageId(): Promise<number> {
    return (await this.counters.findOne({ _id: 'scheduled_message_id' }))?.value ?? 0;
  }

  async lastChannelId(): Promise<number> {
    return (await this.counters.findOne({ _id: 'channel_id' }))?.value ?? 0;
  }

  /**
   * Records that `id` was assigned, keeping the highest: ids are decided from this counter and a
   * replay (which may meet an id again) never lowers it, so ids stay unique and increasing across
   * restarts. Message ids (`message_id`) and group conversation numbers (`dm_group_no`) have theirs.
   */
  async raiseLastId(counter: 'channel_id' | 'dm_group_no' | 'scheduled_message_id', id: number): Promise<void> {
    const current = (await this.counters.findOne({ _id: counter }))?.value ?? 0;
    if (current < id) await this.counters.replaceOne({ _id: counter }, { value: id }, { upsert: true });
  }
}

export const dmGroupDocId = (userIds: readonly number[]): string => `dmgroup:${[...userIds].sort((a, b) => a - b).join(',')}`;

export const normalizeChannelName = (name: string): string => name.trim().toLowerCase();
