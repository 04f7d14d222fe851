import type { MessageConversation, MessageSentV1, ReactionType, Submessage } from '@zulip-es/contracts';

/** One message (`message:<id>`), as the projection keeps it. */
export interface MessageState {
  messageId: number;
  senderId: number;
  conversation: MessageConversation;
  recipientId: number;
  content: string;
  renderedContent: string;
  /** Unix seconds (Zulip's `timestamp`). */
  timestamp: number;
  client: string;
  /** Unix seconds of the last content edit (Zulip's `last_edit_timestamp`), absent if never edited. */
  lastEditTimestamp?: number;
  /** Unix seconds of the last move that was not only a resolve or unresolve (`last_moved_timestamp`). */
  lastMovedTimestamp?: number;
  /** Zulip's `edit_history`, newest first (absent: never edited nor moved). */
  editHistory?: EditHistoryEntry[];
  /** Those a topic wildcard mention of it concerns (`@**topic**`): who had sent to the topic before. */
  topicParticipantIds?: number[];
  /** The readers whose alert words it contains (absent: none). */
  alertWordUserIds?: number[];
  /** False when its sender has not read it (sent from an API client); absent: read. */
  readBySender?: boolean;
  /** The uploads the message claims (sorted path ids; absent: none), to take it out of their `upload_refs` when that changes. */
  attachmentPathIds?: string[];
  /** Its reactions, in the order they were given (absent: none). */
  reactions?: StoredReaction[];
  /** Its submessages (poll votes, to-do tasks), oldest first (absent: none). */
  submessages?: Submessage[];
  /** The `messages` sequence of the last event that wrote this document. */
  version: number;
}

/** One user's reaction with one emoji. */
export interface StoredReaction {
  userId: number;
  emojiName: string;
  emojiCode: string;
  reactionType: ReactionType;
}

/** One entry of Zulip's `edit_history`: who and when, and the fields of what changed. */
export interface EditHistoryEntry {
  user_id: number | null;
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_stream?: number;
  stream?: number;
  prev_topic?: string;
  topic?: string;
}

/** Every message event belongs to the realm-wide aggregate `messages` (all decided on key `realm`). */
export const MESSAGES_AGGREGATE = 'messages';

export const messageDocId = (messageId: number): string => `message:${messageId}`;

export function messageFromSent(event: MessageSentV1, sequence: number): MessageState {
  const {
    messageId,
    senderId,
    conversation,
    recipientId,
    content,
    renderedContent,
    sentAt,
    client,
    attachmentPathIds,
    readBySender,
    topicParticipantIds,
    alertWordUserIds,
    submessages,
  } = event.data;
  const claims = attachmentPathIds && attachmentPathIds.length > 0 ? { attachmentPathIds } : {};
  const unreadBySender = readBySender === false ? { readBySender: false } : {};
  const participants = topicParticipantIds ? { topicParticipantIds } : {};
  const alerted = alertWordUserIds ? { alertWordUserIds } : {};
  const widget = submessages ? { submessages } : {};
  return {
    messageId,
    senderId,
    conversation,
    recipientId,
    content,
    renderedContent,
    timestamp: Math.floor(Date.parse(sentAt) / 1000),
    client,
    ...unreadBySender,
    ...participants,
    ...alerted,
    ...claims,
    ...widget,
    version: sequence,
  };
}

/** Topic names are matched case-insensitively, as Zulip matches them. */
export const topicKey = (topic: string): string => topic.toLowerCase();

/** The id lists a message belongs to (see `message-lists/message-list.ts`). */
export const ListKeys = {
  channel: (channelId: number): string => `channel:${channelId}`,
  topic: (channelId: number, topic: string): string => `topic:${channelId}:${topicKey(topic)}`,
  /** One direct conversation, by its sorted participants. */
  direct: (userIds: readonly number[]): string => `dm:${[...userIds].sort((a, b) => a - b).join(',')}`,
  /** Every direct message of one user. */
  userDirect: (userId: number): string => `dms:${userId}`,
  /** The messages that mention one user by name, or as a topic's participant (`@**topic**`). */
  mentions: (userId: number): string => `mentions:${userId}`,
};

export const isUserDirectList = (key: string): boolean => key.startsWith('dms:');

/** The lists a message of this conversation is in. */
export function listsOf(conversation: MessageConversation): string[] {
  if (conversation.type === 'channel')
    return [ListKeys.channel(conversation.channelId), ListKeys.topic(conversation.channelId, conversation.topic)];
  return [ListKeys.direct(conversation.userIds), ...conversation.userIds.map(ListKeys.userDirect)];
}

/**
 * Zulip's `recipient_id`: a channel, the receiving user's personal recipient, or a group
 * conversation. The three kinds are kept apart by the remainder modulo 3, so ids never clash.
 */
export const RecipientIds = {
  channel: (channelId: number): number => channelId * 3,
  personal: (userId: number): number => userId * 3 + 1,
  group: (groupNo: number): number => groupNo * 3 + 2,
};
