import { topicKey } from './message.state';

/**
 * Who sent the messages of one topic (`topic_participants:<channelId>:<lower-case topic>`), Zulip's
 * `participants_for_topic`: a wildcard mention of the topic is checked against how many there are
 * and notifies them. Kept from the message events so that the check reads one document instead of
 * every message of the topic. Each sender's count of messages lets a deletion or a move take a
 * sender out exactly when their last message leaves; the document grows with the topic's distinct
 * senders (at most the organization's users, like a channel's subscriber list), never with its
 * messages, and it is deleted when the topic has none left.
 */
export interface TopicParticipantsState {
  /** Per sender (the user id as a key), how many messages of the topic they sent. */
  messagesBySender: Record<string, number>;
  /** The `messages` sequence of the last event that wrote this document. */
  version: number;
}

export const topicParticipantsId = (channelId: number, topic: string): string => `topic_participants:${channelId}:${topicKey(topic)}`;

/**
 * The document after `senderIds` (one entry per message, a sender as often as their messages)
 * joined (+1) or left (-1) the topic; null when no sender is left. Counts never go below zero,
 * so a message the document never counted leaves it unchanged.
 */
export function withMessagesOf(
  state: TopicParticipantsState | null,
  senderIds: readonly number[],
  change: 1 | -1,
  sequence: number,
): TopicParticipantsState | null {
  const counts = { ...(state?.messagesBySender ?? {}) };
  for (const senderId of senderIds) {
    const key = String(senderId);
    const next = (counts[key] ?? 0) + change;
    if (next > 0) counts[key] = next;
    else delete counts[key];
  }
  return Object.keys(counts).length > 0 ? { messagesBySender: counts, version: sequence } : null;
}

/** The topic's distinct senders, ascending (none for a topic without messages). */
export const participantIds = (state: TopicParticipantsState | null): number[] =>
  Object.keys(state?.messagesBySender ?? {})
    .map(Number)
    .sort((a, b) => a - b);
