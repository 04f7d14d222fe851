import type { MessageConversation } from '@zulip-es/contracts';
import { addIds, MemoryListStore } from '../messages/message-lists/message-list';
import { ListKeys } from '../messages/message.state';
import { readRecentConversations, recentConversations, RECENT_CONVERSATIONS_LIMIT } from './recent-private-conversations';

const ME = 5;
const direct = (...userIds: number[]): MessageConversation => ({ type: 'direct', userIds: [...userIds].sort((a, b) => a - b) });

describe('recent direct conversations', () => {
  it('groups direct messages by their other participants, newest message first, [] for messages to oneself', () => {
    const messages = [
      { messageId: 10, conversation: direct(ME, 7) },
      { messageId: 11, conversation: direct(ME, 9, 7) },
      { messageId: 12, conversation: direct(ME) },
      { messageId: 13, conversation: direct(7, ME) },
      { messageId: 14, conversation: { type: 'channel' as const, channelId: 1, topic: 't' } },
    ];
    expect(recentConversations(ME, messages)).toEqual([
      { max_message_id: 13, user_ids: [7] },
      { max_message_id: 12, user_ids: [] },
      { max_message_id: 11, user_ids: [7, 9] },
    ]);
  });

  it("finds conversations among the user's newest 1,000 direct messages only, as Zulip does", async () => {
    const lists = new MemoryListStore();
    const conversations = new Map<number, MessageConversation>([[1, direct(ME, 8)]]);
    for (let id = 2; id <= RECENT_CONVERSATIONS_LIMIT + 1; id++) conversations.set(id, direct(ME, 7));
    await addIds(lists, ListKeys.userDirect(ME), [...conversations.keys()]);
    const read: number[][] = [];
    const recent = await readRecentConversations(
      lists,
      async (ids) => {
        read.push([...ids]);
        return ids.map((messageId) => ({ messageId, conversation: conversations.get(messageId)! }));
      },
      ME,
    );
    expect(recent).toEqual([{ max_message_id: RECENT_CONVERSATIONS_LIMIT + 1, user_ids: [7] }]);
    expect(read.flat()).toHaveLength(RECENT_CONVERSATIONS_LIMIT);
  });
});
