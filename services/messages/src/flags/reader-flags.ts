import { flagsOf, mentionsIn } from '@zulip-es/message-flags';
import { taggedIdsAmong } from '../messages/message-lists/message-list';
import type { MessageState } from '../messages/message.state';
import type { MessageReader } from '../messages/read-messages/message-access';
import type { MessagesRepository } from '../projection/messages.repository';
import { UnreadView } from './unread-view';
import { FlagLists } from './user-flags.state';

/**
 * A reader's flags of messages they may read (Zulip's UserMessage flags, or `read` and
 * `historical` for a message they did not receive): unread from their lists, starred and
 * collapsed from theirs, mentions from the message.
 */
export async function readerFlags(
  repo: MessagesRepository,
  reader: MessageReader,
  messages: readonly MessageState[],
): Promise<Map<number, string[]>> {
  const userId = reader.user.userId;
  const ids = messages.map((m) => m.messageId).sort((a, b) => a - b);
  const [view, starred, collapsed, received] = await Promise.all([
    UnreadView.load(repo, userId),
    taggedIdsAmong(repo.lists, FlagLists.starred(userId), ids),
    taggedIdsAmong(repo.lists, FlagLists.collapsed(userId), ids),
    receivedOf(reader, messages),
  ]);
  const unread = await view.unreadAmong(ids);
  const starredIds = new Set(starred.map((e) => e.id));
  const collapsedIds = new Set(collapsed.map((e) => e.id));
  return new Map(
    messages.map((m) => {
      const state = {
        read: !unread.has(m.messageId),
        starred: starredIds.has(m.messageId),
        collapsed: collapsedIds.has(m.messageId),
        historical: !received.has(m.messageId),
        alertWord: m.alertWordUserIds?.includes(userId) ?? false,
      };
      return [m.messageId, flagsOf(state, mentionsIn(m.renderedContent), userId, m.topicParticipantIds?.includes(userId) ?? false)];
    }),
  );
}

/** The messages the reader received: direct messages they take part in, channel messages sent while they were subscribed. */
async function receivedOf(reader: MessageReader, messages: readonly MessageState[]): Promise<Set<number>> {
  const received = new Set<number>();
  for (const m of messages) if (await reader.received(m)) received.add(m.messageId);
  return received;
}
