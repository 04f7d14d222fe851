import { channel, privateChannel, subscriptions as subscriptionsOf } from '../../testing/channels.fixtures';
import { channelMessage } from '../../testing/messages.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import { noSubscriptions } from '../../channels/user-subscriptions.state';
import type { ChannelState } from '../../channels/channel.state';
import type { MessageState } from '../message.state';
import { decideDeleteTopicBatch, type PolicyHolder } from './delete-topic.decide';

const message = (messageId: number, topic = 'Topic'): MessageState =>
  channelMessage({
    messageId,
    conversation: { type: 'channel', channelId: 5, topic },
    content: 'x',
    renderedContent: '<p>x</p>',
    timestamp: 1_700_000_000,
  });

const NOW = new Date(1_700_000_500_000);

function decide(
  actorId: number,
  messages: MessageState[],
  options: {
    channel?: ChannelState | null;
    oldest?: number[];
    completesTopic?: boolean;
    holders?: PolicyHolder[];
    subscribed?: boolean;
  } = {},
) {
  const ctx = contextOf(organization(), actorId);
  const ch = options.channel === undefined ? channel(5, { firstMessageId: 1 }) : options.channel;
  const subscriptions = options.subscribed ? subscriptionsOf({ [actorId]: [5] })(actorId) : noSubscriptions(actorId);
  return decideDeleteTopicBatch({
    ctx,
    channel: ch,
    subscriptions,
    batch: messages.map((m) => m.messageId),
    newest: messages.length > 0 ? messages.reduce((a, b) => (b.messageId > a.messageId ? b : a)) : null,
    topic: 'requested',
    channelOldestIds: options.oldest ?? [1, 2, 3],
    messagesVersion: 40,
    completesTopic: options.completesTopic ?? false,
    policyHolders: options.holders ?? [],
    now: NOW,
  });
}

describe('deciding one batch of a topic deletion', () => {
  it('given a batch (newest first), when an administrator deletes it, then one messages.deleted.v1 names its ids sorted, in the topic of the newest message', () => {
    const decision = decide(U.admin, [message(30, 'topic'), message(20, 'TOPIC'), message(10, 'Topic')]);
    expect(decision.events).toEqual([
      {
        type: 'messages.deleted.v1',
        aggregateId: 'messages',
        sequence: 41,
        data: { messageIds: [10, 20, 30], conversation: { type: 'channel', channelId: 5, topic: 'topic' } },
      },
    ]);
    expect(decision.reply).toEqual({ deleted: 3 });
  });

  it("given the channel's oldest message in the batch, then the event carries the new oldest id (or null when none is left)", () => {
    expect(decide(U.owner, [message(2), message(1)], { oldest: [1, 2, 3] }).events[0].data).toMatchObject({ channelFirstMessageId: 3 });
    expect(decide(U.owner, [message(2), message(1)], { oldest: [1, 2] }).events[0].data).toMatchObject({ channelFirstMessageId: null });
  });

  it('given the batch that completes the topic, then users with a policy who lost access to the channel have it reset, and only on that batch', () => {
    const holders: PolicyHolder[] = [
      { user: { userId: U.member, role: 400 }, subscribed: false, userVersion: 4 },
      { user: { userId: U.guest, role: 600 }, subscribed: true, userVersion: 1 },
      { user: { userId: U.admin, role: 200 }, subscribed: false, userVersion: 2 },
    ];
    const ch = privateChannel(5, { firstMessageId: 1 });
    const completing = decide(U.owner, [message(9)], { channel: ch, holders, completesTopic: true, subscribed: true });
    // The private channel: the unsubscribed member and administrator lost content access; the subscribed guest did not.
    expect(completing.events[0].data).toMatchObject({
      visibilityPoliciesReset: {
        users: [
          { userId: U.admin, userVersion: 2 },
          { userId: U.member, userVersion: 4 },
        ].sort((a, b) => a.userId - b.userId),
        lastUpdated: 1_700_000_500,
      },
    });
    expect(
      decide(U.owner, [message(9)], { channel: ch, holders, completesTopic: false, subscribed: true }).events[0].data,
    ).not.toHaveProperty('visibilityPoliciesReset');
    // A public channel: every member keeps access; an unsubscribed guest does not.
    const publicHolders: PolicyHolder[] = [holders[0], { user: { userId: U.guest, role: 600 }, subscribed: false, userVersion: 3 }];
    expect(decide(U.owner, [message(9)], { holders: publicHolders, completesTopic: true }).events[0].data).toMatchObject({
      visibilityPoliciesReset: { users: [{ userId: U.guest, userVersion: 3 }] },
    });
    expect(decide(U.owner, [message(9)], { holders: [holders[0]], completesTopic: true }).events[0].data).not.toHaveProperty(
      'visibilityPoliciesReset',
    );
  });

  it("given the newest message's document missing, then the batch is named by the requested topic", () => {
    const ctx = contextOf(organization(), U.admin);
    const decision = decideDeleteTopicBatch({
      ctx,
      channel: channel(5, { firstMessageId: 1 }),
      subscriptions: noSubscriptions(U.admin),
      batch: [9, 8],
      newest: null,
      topic: 'Asked',
      channelOldestIds: [1],
      messagesVersion: 3,
      completesTopic: false,
      policyHolders: [],
      now: NOW,
    });
    expect(decision.events[0].data).toEqual({ messageIds: [8, 9], conversation: { type: 'channel', channelId: 5, topic: 'Asked' } });
  });

  it('given nothing left, then no event and deleted 0 (the job ends)', () => {
    expect(decide(U.admin, [])).toEqual({ events: [], reply: { deleted: 0 } });
  });

  it.each([U.moderator, U.member, U.guest])(
    'given user %i, who is no administrator, then Must be an organization administrator',
    (actorId) => {
      expect(() => decide(actorId, [message(1)])).toThrow(
        expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' }),
      );
    },
  );

  it('given an unknown channel, or a private one the administrator cannot read, then Invalid channel ID', () => {
    expect(() => decide(U.admin, [], { channel: null })).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
    expect(() => decide(U.admin, [], { channel: privateChannel(5) })).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
  });
});
