import { channel, privateChannel } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import { noSubscriptions } from '../../channels/user-subscriptions.state';
import type { ChannelState } from '../../channels/channel.state';
import type { MessageState } from '../message.state';
import { decideDeleteTopicBatch } from './delete-topic.decide';

const message = (messageId: number, topic = 'Topic'): MessageState => ({
  messageId,
  senderId: U.member,
  conversation: { type: 'channel', channelId: 5, topic },
  recipientId: 15,
  content: 'x',
  renderedContent: '<p>x</p>',
  timestamp: 1_700_000_000,
  client: 'API',
  version: messageId,
});

function decide(actorId: number, batch: MessageState[], options: { channel?: ChannelState | null; oldest?: number[] } = {}) {
  const ctx = contextOf(organization(), actorId);
  const ch = options.channel === undefined ? channel(5, { firstMessageId: 1 }) : options.channel;
  return decideDeleteTopicBatch({ ctx, channel: ch, subscriptions: noSubscriptions(actorId), batch, channelOldestIds: options.oldest ?? [1, 2, 3], messagesVersion: 40 });
}

describe('deciding one batch of a topic deletion', () => {
  it('given a batch (newest first), when an administrator deletes it, then one messages.deleted.v1 names its ids sorted, in the topic of the newest message', () => {
    const decision = decide(U.admin, [message(30, 'topic'), message(20, 'TOPIC'), message(10, 'Topic')]);
    expect(decision.events).toEqual([
      { type: 'messages.deleted.v1', aggregateId: 'messages', sequence: 41, data: { messageIds: [10, 20, 30], conversation: { type: 'channel', channelId: 5, topic: 'topic' } } },
    ]);
    expect(decision.reply).toEqual({ deleted: 3 });
  });

  it("given the channel's oldest message in the batch, then the event carries the new oldest id (or null when none is left)", () => {
    expect(decide(U.owner, [message(2), message(1)], { oldest: [1, 2, 3] }).events[0].data).toMatchObject({ channelFirstMessageId: 3 });
    expect(decide(U.owner, [message(2), message(1)], { oldest: [1, 2] }).events[0].data).toMatchObject({ channelFirstMessageId: null });
  });

  it('given nothing left, then no event and deleted 0 (the job ends)', () => {
    expect(decide(U.admin, [])).toEqual({ events: [], reply: { deleted: 0 } });
  });

  it.each([U.moderator, U.member, U.guest])('given user %i, who is no administrator, then Must be an organization administrator', (actorId) => {
    expect(() => decide(actorId, [message(1)])).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' }));
  });

  it('given an unknown channel, or a private one the administrator cannot read, then Invalid channel ID', () => {
    expect(() => decide(U.admin, [], { channel: null })).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
    expect(() => decide(U.admin, [], { channel: privateChannel(5) })).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
  });
});
