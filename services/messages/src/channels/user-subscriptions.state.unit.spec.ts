import { evolveUserSubscriptions, noSubscriptions } from './user-subscriptions.state';

const added = (userId: number, color = '#76ce90') => ({
  type: 'channel.subscribers_added.v1' as const,
  data: { channelId: 3, channelName: 'c', subscribers: [{ userId, color }] },
});
const removed = (userId: number) => ({
  type: 'channel.subscribers_removed.v1' as const,
  data: { channelId: 3, channelName: 'c', userIds: [userId] },
});

describe("a user's subscriptions, projected from channel events", () => {
  it('subscribes, unsubscribes keeping the color, and subscribes again', () => {
    const one = evolveUserSubscriptions(noSubscriptions(4), added(4), 2)!;
    const two = evolveUserSubscriptions(one, removed(4), 3)!;
    expect(two.subscriptions).toEqual([{ channelId: 3, active: false, color: '#76ce90', channelVersion: 3 }]);
    expect(evolveUserSubscriptions(two, added(4), 4)!.subscriptions[0]).toMatchObject({ active: true, color: '#76ce90' });
  });

  it('applies an event delivered again only once', () => {
    const one = evolveUserSubscriptions(noSubscriptions(4), added(4), 2)!;
    expect(evolveUserSubscriptions(one, added(4, '#fae589'), 2)).toBeNull();
  });

  it('ignores events that do not name the user', () => {
    expect(evolveUserSubscriptions(noSubscriptions(4), added(5), 2)).toBeNull();
    expect(evolveUserSubscriptions(noSubscriptions(4), removed(4), 2)).toBeNull();
  });
});
