import { updateSubscriptions } from '@zulip-es/contracts';
import { channel, subscriptions } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import type { ChannelState } from '../channel.state';
import { NO_DEFAULT_CHANNELS } from '../default-channels.state';
import type { SubscribeState } from '../subscribe/subscribe.decide';
import { decideUpdateSubscriptions, updateSubscriptionsReplyFrom } from './update-subscriptions.decide';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const cmd = (params: Record<string, unknown>) => updateSubscriptions.params.parse(params);

function state(actorId: number, channels: ChannelState[] = [], subs: Record<number, number[]> = {}): SubscribeState {
  return {
    ctx: contextOf(organization(), actorId),
    existing: new Map(channels.map((c) => [c.name.toLowerCase(), c])),
    subscriptionsOf: subscriptions(subs),
    lastChannelId: 10,
    defaultChannels: NO_DEFAULT_CHANNELS,
  };
}

const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });
const shape = (events: { type: string; aggregateId: string; sequence: number }[]) => events.map((e) => [e.type, e.aggregateId, e.sequence]);

describe('PATCH /users/me/subscriptions: adding and leaving in one request', () => {
  it('refuses a request with neither add nor delete', () => {
    expect(() => decideUpdateSubscriptions(cmd({}), state(U.member), NOW)).toThrow(
      refusal('Nothing to do. Specify at least one of "add" or "delete".'),
    );
    expect(() => decideUpdateSubscriptions(cmd({ add: [], delete: [] }), state(U.member), NOW)).toThrow(
      refusal('Nothing to do. Specify at least one of "add" or "delete".'),
    );
  });

  it('refuses guests, even when they only leave channels', () => {
    const rome = channel(3, { name: 'Rome' });
    expect(() => decideUpdateSubscriptions(cmd({ delete: ['Rome'] }), state(U.guest, [rome], { [U.guest]: [3] }), NOW)).toThrow(
      refusal('Not allowed for guest users'),
    );
  });

  it('subscribes to `add` and leaves `delete`, answering both replies merged', () => {
    const [rome, oslo] = [channel(3, { name: 'Rome', version: 4 }), channel(5, { name: 'Oslo', version: 2 })];
    const { events, reply } = decideUpdateSubscriptions(
      cmd({ add: [{ name: 'rome' }], delete: ['Oslo', 'oslo'] }),
      state(U.member, [rome, oslo], { [U.member]: [5] }),
      NOW,
    );
    expect(shape(events)).toEqual([
      ['channel.subscribers_added.v1', 'channel:3', 5],
      ['channel.subscribers_removed.v1', 'channel:5', 3],
    ]);
    expect(reply).toEqual({
      subscribed: { [U.member]: ['Rome'] },
      already_subscribed: {},
      new_subscription_messages_sent: false,
      removed: ['Oslo'],
      not_removed: [],
    });
  });

  it('answers empty halves for the side not asked for', () => {
    const rome = channel(3, { name: 'Rome' });
    expect(decideUpdateSubscriptions(cmd({ delete: ['Rome'] }), state(U.member, [rome]), NOW).reply).toEqual({
      subscribed: {},
      already_subscribed: {},
      new_subscription_messages_sent: false,
      removed: [],
      not_removed: ['Rome'],
    });
    expect(decideUpdateSubscriptions(cmd({ add: [{ name: 'Rome' }] }), state(U.member, [rome], { [U.member]: [3] }), NOW).reply).toEqual({
      subscribed: {},
      already_subscribed: { [U.member]: ['Rome'] },
      new_subscription_messages_sent: false,
      removed: [],
      not_removed: [],
    });
  });

  it('leaves a channel the same request created and joined, as Zulip runs delete after add', () => {
    const { events, reply } = decideUpdateSubscriptions(cmd({ add: [{ name: 'Fresh' }], delete: ['FRESH'] }), state(U.member), NOW);
    expect(shape(events)).toEqual([
      ['channel.created.v1', 'channel:11', 1],
      ['channel.subscribers_added.v1', 'channel:11', 2],
      ['channel.subscribers_removed.v1', 'channel:11', 3],
    ]);
    expect(reply).toMatchObject({ subscribed: { [U.member]: ['Fresh'] }, removed: ['Fresh'], not_removed: [] });
  });

  it('changes nothing when one half is refused', () => {
    const rome = channel(3, { name: 'Rome' });
    expect(() => decideUpdateSubscriptions(cmd({ add: [{ name: 'Rome' }], delete: ['Nowhere'] }), state(U.member, [rome]), NOW)).toThrow(
      refusal('Channel(s) (Nowhere) do not exist'),
    );
    const hidden = channel(4, { name: 'Hidden', inviteOnly: true });
    expect(() =>
      decideUpdateSubscriptions(
        cmd({ add: [{ name: 'Hidden' }], delete: ['Rome'] }),
        state(U.member, [rome, hidden], { [U.member]: [3] }),
        NOW,
      ),
    ).toThrow(refusal('Unable to access channel (Hidden).'));
  });

  it('gives a new subscription the color asked for, and checks colors as Zulip does', () => {
    const { events } = decideUpdateSubscriptions(
      cmd({ add: [{ name: 'Tinted', color: '#ABC' }, { name: 'Plain' }] }),
      state(U.member),
      NOW,
    );
    expect(events.filter((e) => e.type === 'channel.subscribers_added.v1').map((e) => e.data.subscribers)).toEqual([
      [{ userId: U.member, color: '#aabbcc' }],
      [{ userId: U.member, color: '#76ce90' }],
    ]);
    expect(() => decideUpdateSubscriptions(cmd({ add: [{ name: 'Ok' }, { name: 'Bad', color: 'red' }] }), state(U.member), NOW)).toThrow(
      refusal('Invalid add[1]: Value error, add.color is not a valid hex color code'),
    );
  });

  it('answers a redelivered command from its events', () => {
    const events = decideUpdateSubscriptions(cmd({ add: [{ name: 'Fresh' }], delete: ['Fresh'] }), state(U.member), NOW).events;
    expect(updateSubscriptionsReplyFrom(events)).toEqual({
      subscribed: { [U.member]: ['Fresh'] },
      already_subscribed: {},
      new_subscription_messages_sent: false,
      removed: ['Fresh'],
      not_removed: [],
    });
  });
});
