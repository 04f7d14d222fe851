import type { ChannelSubscribersAddedV1, ChannelSubscribersRemovedV1 } from '@zulip-es/contracts';
import { evolveSubscriptionHistory, received } from './subscription-history.state';

const added: ChannelSubscribersAddedV1 = { type: 'channel.subscribers_added.v1', data: { channelId: 3, channelName: 'c', subscribers: [{ userId: 7, color: '#76ce90' }] } };
const removed: ChannelSubscribersRemovedV1 = { type: 'channel.subscribers_removed.v1', data: { channelId: 3, channelName: 'c', userIds: [7] } };

describe('the messages a subscriber received', () => {
  it('given subscribe, leave and subscribe again, then exactly the messages sent while subscribed count as received', () => {
    const joined = evolveSubscriptionHistory(null, 7, added, 2, 10)!;
    const left = evolveSubscriptionHistory(joined, 7, removed, 3, 20)!;
    const back = evolveSubscriptionHistory(left, 7, added, 4, 30)!;
    expect(back.intervals).toEqual([{ from: 11, to: 20 }, { from: 31, to: null }]);
    expect([10, 11, 20, 21, 30, 31, 99].map((id) => received(back, id))).toEqual([false, true, true, false, false, true, true]);
  });

  it('given an event applied before, then nothing changes', () => {
    const joined = evolveSubscriptionHistory(null, 7, added, 2, 10)!;
    expect(evolveSubscriptionHistory(joined, 7, added, 2, 15)).toBeNull();
    expect(received(null, 5)).toBe(false);
  });
});
