import { channel } from '../../testing/channels.fixtures';
import { channelMessage } from '../../testing/messages.fixtures';
import { contextOf, organization, U, withGroup, withRealmSetting } from '../../testing/users.fixtures';
import type { MessageState } from '../message.state';
import { decideDeleteMessage } from './delete-message.decide';

const SENT = new Date('2026-03-01T12:00:00.000Z');
const message = (senderId: number): MessageState =>
  channelMessage({
    messageId: 9,
    senderId,
    conversation: { type: 'channel', channelId: 5, topic: 't' },
    content: 'x',
    renderedContent: '<p>x</p>',
    timestamp: SENT.getTime() / 1000,
  });
const at = (seconds: number) => new Date(SENT.getTime() + seconds * 1000);

function decide(actorId: number, m: MessageState | null, now = at(10), users = organization()) {
  const ctx = contextOf(users, actorId);
  return decideDeleteMessage({ ctx, actor: ctx.actor, message: m, channel: channel(5), messagesVersion: 20 }, now);
}

describe('deleting a message', () => {
  it("given an administrator, when they delete anyone's message, then messages.deleted.v1 names it and its conversation", () => {
    expect(decide(U.admin, message(U.member), at(10_000)).events).toEqual([
      {
        type: 'messages.deleted.v1',
        aggregateId: 'messages',
        sequence: 21,
        data: { messageIds: [9], conversation: { type: 'channel', channelId: 5, topic: 't' } },
      },
    ]);
  });

  it("given a member, then they delete their own message within 600 s but not later, nor others' messages", () => {
    expect(decide(U.member, message(U.member), at(599)).events).toHaveLength(1);
    expect(() => decide(U.member, message(U.member), at(601))).toThrow(
      expect.objectContaining({ msg: 'The time limit for deleting this message has passed' }),
    );
    expect(() => decide(U.moderator, message(U.member))).toThrow(
      expect.objectContaining({ msg: "You don't have permission to delete this message" }),
    );
  });

  it("given a guest in the organization's can_delete_any_message_group, then they still may not delete others' messages", () => {
    const users = withRealmSetting(withGroup(organization(), 20, [U.guest, U.moderator]), 'can_delete_any_message_group', 20);
    expect(decide(U.moderator, message(U.member), at(10), users).events).toHaveLength(1);
    expect(() => decide(U.guest, message(U.member), at(10), users)).toThrow(
      expect.objectContaining({ msg: "You don't have permission to delete this message" }),
    );
  });

  it('given no readable message, then Invalid message(s)', () => {
    expect(() => decide(U.member, null)).toThrow(expect.objectContaining({ msg: 'Invalid message(s)' }));
  });
});
