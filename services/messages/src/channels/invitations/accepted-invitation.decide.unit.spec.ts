import { channel } from '../../testing/channels.fixtures';
import type { ChannelState } from '../channel.state';
import { decideAcceptedInvitation } from './accepted-invitation.decide';

const channels = (...list: ChannelState[]) => new Map(list.map((c) => [c.channelId, c]));
const invitation = (streamIds: number[], includeRealmDefaultSubscriptions = false) => ({
  inviteId: 9,
  userId: 30,
  streamIds,
  includeRealmDefaultSubscriptions,
});

describe('an accepted invitation', () => {
  it("subscribes the new user to the invitation's channels and, when asked, the default channels", () => {
    const { events, reply } = decideAcceptedInvitation(invitation([3], true), {
      channels: channels(channel(3, { name: 'three' }), channel(5, { name: 'five', version: 7 })),
      defaultChannels: { channelIds: [5], version: 1 },
      subscriptions: { userId: 30, subscriptions: [] },
    });
    expect(events.map((e) => [e.aggregateId, e.sequence, e.data.subscribers])).toEqual([
      ['channel:3', 2, [{ userId: 30, color: '#76ce90' }]],
      ['channel:5', 8, [{ userId: 30, color: '#fae589' }]],
    ]);
    expect(reply).toEqual({ subscribed: { 30: ['three', 'five'] } });
  });

  it('skips channels gone or archived since, and the default channels when not asked', () => {
    const { events } = decideAcceptedInvitation(invitation([3, 4, 6]), {
      channels: channels(channel(3), channel(6, { isArchived: true })),
      defaultChannels: { channelIds: [7], version: 1 },
      subscriptions: { userId: 30, subscriptions: [] },
    });
    expect(events.map((e) => e.aggregateId)).toEqual(['channel:3']);
  });

  it('changes nothing when applied again', () => {
    const { events } = decideAcceptedInvitation(invitation([3]), {
      channels: channels(channel(3)),
      defaultChannels: { channelIds: [], version: 0 },
      subscriptions: { userId: 30, subscriptions: [{ channelId: 3, active: true, color: '#76ce90', channelVersion: 2 }] },
    });
    expect(events).toEqual([]);
  });
});
