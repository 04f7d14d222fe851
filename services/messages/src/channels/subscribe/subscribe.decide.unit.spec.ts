import { subscribe } from '@zulip-es/contracts';
import { channel, privateChannel, subscriptions } from '../../testing/channels.fixtures';
import { contextOf, organization, REALM_HOST, U, withGroup, withRealmSetting } from '../../testing/users.fixtures';
import type { ChannelState } from '../channel.state';
import { NO_DEFAULT_CHANNELS } from '../default-channels.state';
import { decideSubscribe, subscribeReplyFrom, type SubscribeState } from './subscribe.decide';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const cmd = (params: Record<string, unknown>) => subscribe.params.parse(params);
const names = (...list: string[]) => list.map((name) => ({ name }));

function state(
  actorId: number,
  options: { channels?: ChannelState[]; subs?: Record<number, number[]>; model?: ReturnType<typeof organization> } = {},
): SubscribeState {
  const channels = options.channels ?? [];
  return {
    ctx: contextOf(options.model ?? organization(), actorId),
    existing: new Map(channels.map((c) => [c.name.toLowerCase(), c])),
    subscriptionsOf: subscriptions(options.subs ?? {}),
    lastChannelId: 10,
    defaultChannels: NO_DEFAULT_CHANNELS,
  };
}

const refusal = (msg: string, code = 'BAD_REQUEST') => expect.objectContaining({ code, msg });

describe('subscribing to channels by name', () => {
  it('creates missing channels with the next ids, then subscribes the caller to each', () => {
    const { events, reply } = decideSubscribe(
      cmd({ subscriptions: [{ name: ' Rome ', description: 'Eternal\ncity' }, { name: 'Oslo' }] }),
      state(U.member),
      NOW,
    );
    expect(events.map((e) => [e.type, e.aggregateId, e.sequence])).toEqual([
      ['channel.created.v1', 'channel:11', 1],
      ['channel.created.v1', 'channel:12', 1],
      ['channel.subscribers_added.v1', 'channel:11', 2],
      ['channel.subscribers_added.v1', 'channel:12', 2],
    ]);
    expect(events[0].data).toMatchObject({
      channelId: 11,
      name: 'Rome',
      description: 'Eternal city',
      renderedDescription: '<p>Eternal city</p>',
      creatorId: U.member,
      dateCreated: NOW.toISOString(),
      inviteOnly: false,
      historyPublicToSubscribers: true,
      messageRetentionDays: null,
      topicsPolicy: 'inherit',
      settings: {
        can_administer_channel_group: { directMembers: [U.member], directSubgroups: [] },
        can_send_message_group: 7,
        can_remove_subscribers_group: 3,
      },
    });
    expect(events[2].data).toEqual({ channelId: 11, channelName: 'Rome', subscribers: [{ userId: U.member, color: '#76ce90' }] });
    expect(events[3].data).toEqual({ channelId: 12, channelName: 'Oslo', subscribers: [{ userId: U.member, color: '#fae589' }] });
    expect(reply).toEqual({ subscribed: { [U.member]: ['Rome', 'Oslo'] }, already_subscribed: {}, new_subscription_messages_sent: false });
  });

  it('finds existing channels case-insensitively and reports subscriptions already held', () => {
    const rome = channel(3, { name: 'Rome', version: 4 });
    const { events, reply } = decideSubscribe(
      cmd({ subscriptions: names('ROME', 'rome') }),
      state(U.member, { channels: [rome], subs: { [U.member]: [3] } }),
      NOW,
    );
    expect(events).toEqual([]);
    expect(reply).toMatchObject({ subscribed: {}, already_subscribed: { [U.member]: ['Rome'] } });
  });

  it('gives a returning subscriber their old color', () => {
    const rome = channel(3, { name: 'Rome', version: 4 });
    const s = state(U.member, { channels: [rome] });
    s.subscriptionsOf = subscriptions({}, { [U.member]: [{ channelId: 3, color: '#e79ab5' }] });
    const { events } = decideSubscribe(cmd({ subscriptions: names('Rome') }), s, NOW);
    expect(events).toEqual([
      {
        type: 'channel.subscribers_added.v1',
        aggregateId: 'channel:3',
        sequence: 5,
        data: { channelId: 3, channelName: 'Rome', subscribers: [{ userId: U.member, color: '#e79ab5' }] },
      },
    ]);
  });

  it('gives a new subscription the color asked for, but a returning subscriber keeps their old one', () => {
    const rome = channel(3, { name: 'Rome', version: 4 });
    const s = state(U.member, { channels: [rome] });
    s.subscriptionsOf = subscriptions({}, { [U.member]: [{ channelId: 3, color: '#e79ab5' }] });
    const { events } = decideSubscribe(
      cmd({
        subscriptions: [
          { name: 'Rome', color: '#000000' },
          { name: 'Oslo', color: '#C2C2C2' },
        ],
      }),
      s,
      NOW,
    );
    expect(events.filter((e) => e.type === 'channel.subscribers_added.v1').map((e) => e.data.subscribers)).toEqual([
      [{ userId: U.member, color: '#e79ab5' }],
      [{ userId: U.member, color: '#c2c2c2' }],
    ]);
    expect(() => decideSubscribe(cmd({ subscriptions: [{ name: 'Oslo', color: '#12' }] }), state(U.member), NOW)).toThrow(
      refusal('Invalid subscriptions[0]: Value error, add.color is not a valid hex color code'),
    );
  });

  it('creates private channels with protected history unless asked otherwise', () => {
    const [created] = decideSubscribe(cmd({ subscriptions: names('secret'), invite_only: true }), state(U.member), NOW).events;
    expect(created.data).toMatchObject({ inviteOnly: true, historyPublicToSubscribers: false });
    const [shared] = decideSubscribe(
      cmd({ subscriptions: names('shared'), invite_only: true, history_public_to_subscribers: true }),
      state(U.member),
      NOW,
    ).events;
    expect(shared.data).toMatchObject({ inviteOnly: true, historyPublicToSubscribers: true });
    const [open] = decideSubscribe(
      cmd({ subscriptions: names('open'), history_public_to_subscribers: false }),
      state(U.member),
      NOW,
    ).events;
    expect(open.data).toMatchObject({ inviteOnly: false, historyPublicToSubscribers: true });
  });

  it('makes new channels default channels for administrators who ask', () => {
    const { events } = decideSubscribe(cmd({ subscriptions: names('welcome'), is_default_stream: true }), state(U.admin), NOW);
    expect(events.map((e) => e.type)).toEqual(['channel.created.v1', 'default_channel.added.v1', 'channel.subscribers_added.v1']);
    expect(events[1]).toMatchObject({ aggregateId: 'default_channels', sequence: 1, data: { channelId: 11 } });
  });

  it.each([
    ['a name that is blank', { subscriptions: names('  ') }, U.member, "Channel name can't be empty.", null],
    [
      'a public channel by a member the organization does not allow',
      { subscriptions: names('x') },
      U.member,
      'Insufficient permission',
      'can_create_public_channel_group',
    ],
    [
      'a private channel by a member the organization does not allow',
      { subscriptions: names('x'), invite_only: true },
      U.member,
      'Insufficient permission',
      'can_create_private_channel_group',
    ],
    [
      'a default channel by a moderator',
      { subscriptions: names('x'), is_default_stream: true },
      U.moderator,
      'Insufficient permission',
      null,
    ],
    [
      'a private default channel',
      { subscriptions: names('x'), is_default_stream: true, invite_only: true },
      U.admin,
      'A default channel cannot be private.',
      null,
    ],
    ['a web-public channel', { subscriptions: names('x'), is_web_public: true }, U.owner, 'Web-public channels are not enabled.', null],
    [
      'a retention period by an administrator',
      { subscriptions: names('x'), message_retention_days: 10 },
      U.admin,
      'Must be an organization owner',
      null,
    ],
    [
      'a retention period of zero days',
      { subscriptions: names('x'), message_retention_days: 0 },
      U.owner,
      "Bad value for 'message_retention_days': 0",
      null,
    ],
    ['a channel folder', { subscriptions: names('x'), folder_id: 1 }, U.owner, 'Invalid channel folder ID', null],
    [
      'a setting the channel setting cannot take',
      { subscriptions: names('x'), can_subscribe_group: 7 },
      U.owner,
      "'can_subscribe_group' setting cannot be set to 'role:everyone' group.",
      null,
    ],
    ['a setting naming an unknown group', { subscriptions: names('x'), can_send_message_group: 99 }, U.owner, 'Invalid user group', null],
    [
      'open message deletion by a member',
      { subscriptions: names('x'), can_delete_own_message_group: 7 },
      U.member,
      'Insufficient permission',
      null,
    ],
  ] as [string, Record<string, unknown>, number, string, string | null][])('refuses %s', (_what, params, actor, msg, restricted) => {
    const model = organization();
    if (restricted) withRealmSetting(model, restricted, 3);
    expect(() => decideSubscribe(cmd(params), state(actor, { model }), NOW)).toThrow(
      refusal(msg, msg.startsWith('Must be') ? 'UNAUTHORIZED_PRINCIPAL' : 'BAD_REQUEST'),
    );
  });

  it('lets owners keep messages for a number of days or forever', () => {
    const retention = (days: number | 'unlimited') =>
      decideSubscribe(cmd({ subscriptions: names('x'), message_retention_days: days }), state(U.owner), NOW).events.find(
        (e) => e.type === 'channel.created.v1',
      )?.data.messageRetentionDays;
    expect([retention(10), retention('unlimited')]).toEqual([10, -1]);
  });

  it('does not check creation rights when every channel exists', () => {
    const model = withRealmSetting(organization(), 'can_create_public_channel_group', 1);
    const { reply } = decideSubscribe(
      cmd({ subscriptions: names('Rome') }),
      state(U.member, { model, channels: [channel(3, { name: 'Rome' })] }),
      NOW,
    );
    expect(reply.subscribed).toEqual({ [U.member]: ['Rome'] });
  });

  describe('private channels', () => {
    const secret = privateChannel(4, { name: 'secret' });

    it('are refused to users without access, naming the channel', () => {
      expect(() => decideSubscribe(cmd({ subscriptions: names('secret') }), state(U.member, { channels: [secret] }), NOW)).toThrow(
        refusal('Unable to access channel (secret).'),
      );
    });

    it('are listed as unauthorized when authorization errors are not fatal', () => {
      const { events, reply } = decideSubscribe(
        cmd({ subscriptions: names('secret', 'open'), authorization_errors_fatal: false }),
        state(U.member, { channels: [secret] }),
        NOW,
      );
      expect(events.map((e) => e.type)).toEqual(['channel.created.v1', 'channel.subscribers_added.v1']);
      expect(reply).toMatchObject({ subscribed: { [U.member]: ['open'] }, unauthorized: ['secret'] });
    });

    it("are open to members of the channel's can_subscribe_group, but not to administrators by their role alone", () => {
      const open = privateChannel(4, {
        name: 'secret',
        settings: { can_subscribe_group: { directMembers: [U.member], directSubgroups: [] } },
      });
      expect(decideSubscribe(cmd({ subscriptions: names('secret') }), state(U.member, { channels: [open] }), NOW).reply.subscribed).toEqual(
        { [U.member]: ['secret'] },
      );
      expect(() => decideSubscribe(cmd({ subscriptions: names('secret') }), state(U.admin, { channels: [secret] }), NOW)).toThrow(
        refusal('Unable to access channel (secret).'),
      );
    });

    it("let members of the channel's can_add_subscribers_group add others without being subscribed", () => {
      const model = withRealmSetting(withGroup(organization(), 20, [U.member]), 'can_add_subscribers_group', 3);
      const open = privateChannel(4, { name: 'secret', settings: { can_add_subscribers_group: 20 } });
      const { reply } = decideSubscribe(
        cmd({ subscriptions: names('secret'), principals: [U.otherMember] }),
        state(U.member, { model, channels: [open] }),
        NOW,
      );
      expect(reply.subscribed).toEqual({ [U.otherMember]: ['secret'] });
    });
  });

  describe('subscribing others', () => {
    const rome = channel(3, { name: 'Rome' });

    it('subscribes principals given by id or API email', () => {
      const { events, reply } = decideSubscribe(
        cmd({ subscriptions: names('Rome'), principals: ['person4@example.com', `user5@${REALM_HOST}`] }),
        state(U.member, { channels: [rome], subs: { [U.member]: [3] } }),
        NOW,
      );
      const [added] = events;
      expect(added.type === 'channel.subscribers_added.v1' && added.data.subscribers).toEqual([
        { userId: U.otherMember, color: '#76ce90' },
      ]);
      expect(reply).toMatchObject({ subscribed: { [U.otherMember]: ['Rome'] }, already_subscribed: { [U.member]: ['Rome'] } });
    });

    it("needs the organization's can_add_subscribers_group, an administrator or the channel's own groups", () => {
      const model = withRealmSetting(organization(), 'can_add_subscribers_group', 3);
      const params = cmd({ subscriptions: names('Rome'), principals: [U.otherMember] });
      expect(() => decideSubscribe(params, state(U.member, { model, channels: [rome] }), NOW)).toThrow(refusal('Insufficient permission'));
      expect(() => decideSubscribe(params, state(U.moderator, { model, channels: [rome] }), NOW)).toThrow(
        refusal('Insufficient permission'),
      );
      expect(decideSubscribe(params, state(U.admin, { model, channels: [rome] }), NOW).events).toHaveLength(1);
      const administered = channel(3, {
        name: 'Rome',
        settings: { can_administer_channel_group: { directMembers: [U.member], directSubgroups: [] } },
      });
      expect(decideSubscribe(params, state(U.member, { model, channels: [administered] }), NOW).events).toHaveLength(1);
    });

    it('lets the creator subscribe anyone to a channel the request creates', () => {
      const model = withRealmSetting(organization(), 'can_add_subscribers_group', 1);
      const { reply } = decideSubscribe(
        cmd({ subscriptions: names('brand-new'), principals: [U.otherMember, U.guest] }),
        state(U.member, { model }),
        NOW,
      );
      expect(reply.subscribed).toEqual({ [U.otherMember]: ['brand-new'], [U.guest]: ['brand-new'] });
    });

    it.each([
      [[999], 'No such user'],
      [['nobody@example.com'], 'No such user'],
      [['person5@example.com'], 'No such user'],
      [[U.deactivated], 'User is deactivated'],
    ])('refuses principals %j: %s', (principals, msg) => {
      expect(() => decideSubscribe(cmd({ subscriptions: names('Rome'), principals }), state(U.owner, { channels: [rome] }), NOW)).toThrow(
        refusal(msg),
      );
    });
  });

  it('answers a redelivered command with the subscriptions its events made', () => {
    const { events } = decideSubscribe(cmd({ subscriptions: names('Rome') }), state(U.member), NOW);
    expect(subscribeReplyFrom(events)).toEqual({ subscribed: { [U.member]: ['Rome'] }, already_subscribed: {} });
  });
});
