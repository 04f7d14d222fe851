import { channel, privateChannel, subscriptions } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import type { ChannelState } from '../channel.state';
import { decideAddDefaultChannel, decideRemoveDefaultChannel, type DefaultChannelsDecisionState } from './default-channels.decide';

const state = (c: ChannelState | null, defaults: number[] = [], subscribedTo: number[] = []): DefaultChannelsDecisionState => ({
  ctx: contextOf(organization(), U.admin),
  channel: c,
  actorSubscriptions: subscriptions({ [U.admin]: subscribedTo })(U.admin),
  defaultChannels: { channelIds: defaults, version: 4 },
});

describe('default channels', () => {
  it('adds a public channel once', () => {
    expect(decideAddDefaultChannel(state(channel(3))).events).toEqual([
      { type: 'default_channel.added.v1', aggregateId: 'default_channels', sequence: 5, data: { channelId: 3 } },
    ]);
    expect(decideAddDefaultChannel(state(channel(3), [3])).events).toEqual([]);
  });

  it('refuses private channels, and channels the administrator cannot access as if they did not exist', () => {
    expect(() => decideAddDefaultChannel(state(privateChannel(3), [], [3]))).toThrow(
      expect.objectContaining({ msg: 'Private channels cannot be made default.' }),
    );
    expect(() => decideAddDefaultChannel(state(privateChannel(3)))).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
    expect(() => decideAddDefaultChannel(state(null))).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
  });

  it('removes a default channel; removing one that is not default changes nothing', () => {
    expect(decideRemoveDefaultChannel(state(channel(3), [3])).events).toEqual([
      { type: 'default_channel.removed.v1', aggregateId: 'default_channels', sequence: 5, data: { channelId: 3 } },
    ]);
    expect(decideRemoveDefaultChannel(state(privateChannel(3), [])).events).toEqual([]);
    expect(() => decideRemoveDefaultChannel(state(null))).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
  });
});
