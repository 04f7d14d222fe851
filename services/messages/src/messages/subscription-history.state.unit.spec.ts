import type { ChannelSubscribersAddedV1, ChannelSubscribersRemovedV1 } from '@zulip-es/contracts';
import { evolveSubscriptionHistory, received, withMovedIn } from './subscription-history.state';

const added: ChannelSubscribersAddedV1 = {
  type: 'channel.subscribers_added.v1',
  data: { channelId: 3, channelName: 'c', subscribers: [{ userId: 7, color: '#76ce90' }] },
};
const removed: ChannelSubscribersRemovedV1 = {
  type: 'channel.subscribers_removed.v1',
  data: { channelId: 3, channelName: 'c', userIds: [7] },
};

describe('the messages a subscriber received', () => {
  it('given subscribe, leave and subscribe again, then exactly the messages sent while subscribed count as received', () => {
    const joined = evolveSubscriptionHistory(null, 7, added, 2, 10)!;
    const left = evolveSubscriptionHistory(joined, 7, removed, 3, 20)!;
    const back = evolveSubscriptionHistory(left, 7, added, 4, 30)!;
    expect(back.intervals).toEqual([
      { from: 11, to: 20 },
      { from: 31, to: null },
    ]);
    expect([10, 11, 20, 21, 30, 31, 99].map((id) => received(back, id))).toEqual([false, true, true, false, false, true, true]);
  });

  it('given an event applied before, then nothing changes', () => {
    const joined = evolveSubscriptionHistory(null, 7, added, 2, 10)!;
    expect(evolveSubscriptionHistory(joined, 7, added, 2, 15)).toBeNull();
    expect(received(null, 5)).toBe(false);
  });
});

describe('messages moved into a channel with protected history', () => {
  it("given a subscriber's history, then moved-in ids are received once, sorted, and adding them again changes nothing", () => {
    const history = { userId: 1, channelId: 2, intervals: [{ from: 50, to: null }], channelVersion: 3 };
    const next = withMovedIn(history, [12, 7]);
    expect(next).toEqual({ ...history, movedIn: [7, 12] });
    expect(received(next, 7)).toBe(true);
    expect(received(next, 8)).toBe(false);
    expect(withMovedIn(next!, [12])).toBeNull();
  });
});
