import { idsBefore, type ListReader } from '../messages/message-lists/message-list';
import { ListKeys, type MessageState } from '../messages/message.state';

/** Zulip's `RECENT_CONVERSATIONS_LIMIT`: conversations are found among the user's newest 1,000 direct messages. */
export const RECENT_CONVERSATIONS_LIMIT = 1000;

/** One entry of Zulip's `recent_private_conversations`. */
export interface RecentConversation {
  max_message_id: number;
  /** The other participants, sorted (none for messages to oneself). */
  user_ids: number[];
}

/** Pure: the conversations of these direct messages of `userId`, the most recent first. */
export function recentConversations(
  userId: number,
  messages: readonly Pick<MessageState, 'messageId' | 'conversation'>[],
): RecentConversation[] {
  const byParticipants = new Map<string, RecentConversation>();
  for (const { messageId, conversation } of messages) {
    if (conversation.type !== 'direct') continue;
    const others = [...new Set(conversation.userIds)].filter((id) => id !== userId).sort((a, b) => a - b);
    const key = others.join(',');
    const known = byParticipants.get(key);
    if (!known || known.max_message_id < messageId) byParticipants.set(key, { max_message_id: messageId, user_ids: others });
  }
  return [...byParticipants.values()].sort((a, b) => b.max_message_id - a.max_message_id);
}

/**
 * Zulip's `get_recent_private_conversations`: the user's newest direct messages (their
 * `dms:<user>` list, read from the end) grouped by conversation, each with its newest message id.
 */
export async function readRecentConversations(
  lists: ListReader,
  conversationsOf: (ids: readonly number[]) => Promise<Pick<MessageState, 'messageId' | 'conversation'>[]>,
  userId: number,
): Promise<RecentConversation[]> {
  const ids = await idsBefore(lists, ListKeys.userDirect(userId), Number.MAX_SAFE_INTEGER, RECENT_CONVERSATIONS_LIMIT);
  return recentConversations(userId, await conversationsOf(ids));
}
