import { createChannel } from '@zulip-es/contracts';
import { channel, subscriptions } from '../../testing/channels.fixtures';
import { contextOf, organization, U, withRealmSetting } from '../../testing/users.fixtures';
import { NO_DEFAULT_CHANNELS } from '../default-channels.state';
import { createChannelReplyFrom, decideCreateChannel, type CreateChannelState } from './create-channel.decide';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const cmd = (params: Record<string, unknown>) => createChannel.params.parse({ subscribers: [], ...params });
const state = (actorId: number, overrides: Partial<CreateChannelState> = {}): CreateChannelState => ({
  ctx: contextOf(organization(), actorId),
  sameName: null,
  subscriptionsOf: subscriptions({}),
  lastChannelId: 41,
  defaultChannels: NO_DEFAULT_CHANNELS,
  ...overrides,
});

describe('POST /channels/create', () => {
  it('creates the channel with the next id and subscribes the subscribers, the creator not included', () => {
    const { events, reply } = decideCreateChannel(
      cmd({ name: 'music', description: 'All things music', subscribers: [U.otherMember, U.guest] }),
      state(U.member),
      NOW,
    );
    expect(reply).toEqual({ id: 42 });
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['channel.created.v1', 1],
      ['channel.subscribers_added.v1', 2],
    ]);
    expect(events[0].data).toMatchObject({ channelId: 42, name: 'music', description: 'All things music', creatorId: U.member });
    expect(events[1].data).toMatchObject({ subscribers: [{ userId: U.otherMember }, { userId: U.guest }] });
    expect(createChannelReplyFrom(events)).toEqual({ id: 42 });
  });

  it('creates a channel with no subscribers', () => {
    expect(decideCreateChannel(cmd({ name: 'empty' }), state(U.member), NOW).events.map((e) => e.type)).toEqual(['channel.created.v1']);
  });

  it('adds a default channel for an administrator', () => {
    const { events } = decideCreateChannel(cmd({ name: 'news', is_default_stream: true }), state(U.admin), NOW);
    expect(events.map((e) => e.type)).toEqual(['channel.created.v1', 'default_channel.added.v1']);
  });

  it('answers 409 CHANNEL_ALREADY_EXISTS with the requested name when the name is taken in any case', () => {
    expect(() => decideCreateChannel(cmd({ name: ' Music ' }), state(U.member, { sameName: channel(3, { name: 'music' }) }), NOW)).toThrow(
      expect.objectContaining({ code: 'CHANNEL_ALREADY_EXISTS', msg: "Channel 'Music' already exists", status: 409 }),
    );
  });

  it.each([
    ['an unknown subscriber', { name: 'x', subscribers: [U.member, 1000] }, U.member, 'No such user'],
    ['a deactivated subscriber', { name: 'x', subscribers: [U.deactivated] }, U.member, 'User is deactivated'],
    ['a name with a control character', { name: 'a\u0007b' }, U.member, 'Invalid character in channel name, at position 2.'],
    [
      'a private default channel',
      { name: 'x', is_default_stream: true, invite_only: true },
      U.owner,
      'A default channel cannot be private.',
    ],
  ])('refuses %s', (_what, params, actor, msg) => {
    expect(() => decideCreateChannel(cmd(params), state(actor), NOW)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg }));
  });

  it('stores can_create_topic_group (default role:everyone) and refuses a narrower one for a channel with protected history', () => {
    const created = (params: Record<string, unknown>) =>
      decideCreateChannel(cmd({ name: 'x', ...params }), state(U.member), NOW).events.find((e) => e.type === 'channel.created.v1')?.data
        .settings;
    expect(created({})).toMatchObject({ can_create_topic_group: 7 });
    expect(created({ can_create_topic_group: 4 })).toMatchObject({ can_create_topic_group: 4 });
    expect(created({ invite_only: true, history_public_to_subscribers: true, can_create_topic_group: 4 })).toMatchObject({
      can_create_topic_group: 4,
    });
    expect(created({ invite_only: true, can_create_topic_group: { direct_members: [], direct_subgroups: [7] } })).toMatchObject({
      can_create_topic_group: 7,
    });
    expect(() => created({ invite_only: true, can_create_topic_group: 4 })).toThrow(
      expect.objectContaining({
        code: 'BAD_REQUEST',
        msg: 'Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group',
      }),
    );
  });

  it('checks who may create before looking at the subscribers', () => {
    const ctx = contextOf(withRealmSetting(organization(), 'can_create_public_channel_group', 3), U.member);
    expect(() => decideCreateChannel(cmd({ name: 'x', subscribers: [1000] }), state(U.member, { ctx }), NOW)).toThrow(
      expect.objectContaining({ msg: 'Insufficient permission' }),
    );
  });
});
