import { setTopicPolicy, noTopicPolicies, activePolicies, knownUserVersions, topicPoliciesId } from './topic-policies.state';
import {
  applyOwnChange,
  applyPendingChanges,
  evolveUserTopics,
  noUserTopics,
  placeChange,
  storedTopicName,
  type UserTopicsState,
} from './user-topics.state';
import { userTopicsView } from './user-topics-view';

const change = (topicName: string, visibilityPolicy: 0 | 1 | 2 | 3, channelId = 3) => ({
  userId: 9,
  channelId,
  topicName,
  visibilityPolicy,
  lastUpdated: 50,
});

describe("a user's topic policies", () => {
  it('keeps the name a topic was first given, matching later changes case-insensitively', () => {
    const muted = evolveUserTopics(noUserTopics(9), change('Dinner', 1));
    const followed = evolveUserTopics(muted, { ...change('DINNER', 3), lastUpdated: 60 });
    expect(followed.topics).toEqual([{ channelId: 3, topicName: 'Dinner', visibilityPolicy: 3, lastUpdated: 60 }]);
    expect(evolveUserTopics(followed, change('dinner', 0)).topics).toEqual([]);
  });

  it("lists the policies in Zulip's user_topics shape, leaving out archived channels", () => {
    const state = evolveUserTopics(evolveUserTopics(noUserTopics(9), change('b', 1, 4)), change('a', 3, 3));
    expect(userTopicsView(state)).toEqual([
      { stream_id: 3, topic_name: 'a', last_updated: 50, visibility_policy: 3 },
      { stream_id: 4, topic_name: 'b', last_updated: 50, visibility_policy: 1 },
    ]);
    expect(userTopicsView(state, (id) => id === 4)).toEqual([{ stream_id: 3, topic_name: 'a', last_updated: 50, visibility_policy: 3 }]);
  });

  it('takes the "general chat" display name for the empty topic', () => {
    expect(storedTopicName('general chat')).toBe('');
    expect(storedTopicName('General chat')).toBe('General chat');
  });
});

describe('the topic index', () => {
  it('is one document per channel and lower-case topic', () => {
    expect(topicPoliciesId(3, 'Dinner')).toBe('topic_policies:3:dinner');
  });

  it("applies a user's event once, and keeps a removed policy as a tombstone so an older event cannot bring it back", () => {
    const set = setTopicPolicy(noTopicPolicies(3, 'dinner'), { userId: 9, visibilityPolicy: 1, userVersion: 2, by: 'user' })!;
    expect(setTopicPolicy(set, { userId: 9, visibilityPolicy: 1, userVersion: 2, by: 'user' })).toBeNull();
    const removed = setTopicPolicy(set, { userId: 9, visibilityPolicy: 0, userVersion: 3, by: 'user' })!;
    expect(activePolicies(removed)).toEqual(new Map());
    expect(setTopicPolicy(removed, { userId: 9, visibilityPolicy: 1, userVersion: 2, by: 'user' })).toBeNull();
  });

  it("applies a move's explicit values idempotently, never over a later user event", () => {
    const set = setTopicPolicy(noTopicPolicies(3, 'dinner'), { userId: 9, visibilityPolicy: 1, userVersion: 2, by: 'user' })!;
    const moved = setTopicPolicy(set, { userId: 9, visibilityPolicy: 0, userVersion: 2, by: 'move' })!;
    expect(moved.entries).toEqual([{ userId: 9, visibilityPolicy: 0, userVersion: 2 }]);
    expect(setTopicPolicy(moved, { userId: 9, visibilityPolicy: 0, userVersion: 2, by: 'move' })).toBeNull();
    expect(setTopicPolicy(set, { userId: 9, visibilityPolicy: 3, userVersion: 1, by: 'move' })).toBeNull();
    expect(activePolicies(setTopicPolicy(set, { userId: 10, visibilityPolicy: 3, userVersion: 0, by: 'move' })!)).toEqual(
      new Map([
        [9, 1],
        [10, 3],
      ]),
    );
  });

  it("given a move's removal before the user event it follows, then it leaves a tombstone that event cannot get past", () => {
    const first = setTopicPolicy(noTopicPolicies(3, 'x'), { userId: 9, visibilityPolicy: 0, userVersion: 1, by: 'move' })!;
    expect(first.entries).toEqual([{ userId: 9, visibilityPolicy: 0, userVersion: 1 }]);
    expect(setTopicPolicy(first, { userId: 9, visibilityPolicy: 3, userVersion: 1, by: 'user' })).toBeNull();
    expect(setTopicPolicy(first, { userId: 9, visibilityPolicy: 3, userVersion: 2, by: 'user' })!.entries).toEqual([
      { userId: 9, visibilityPolicy: 3, userVersion: 2 },
    ]);
  });

  it('knows, per user, the latest of their events any of the indexes holds, removed policies included', () => {
    const a = setTopicPolicy(setTopicPolicy(noTopicPolicies(3, 'a'), { userId: 9, visibilityPolicy: 0, userVersion: 5, by: 'user' })!, {
      userId: 10,
      visibilityPolicy: 1,
      userVersion: 1,
      by: 'user',
    })!;
    const b = setTopicPolicy(noTopicPolicies(3, 'b'), { userId: 10, visibilityPolicy: 3, userVersion: 4, by: 'user' })!;
    expect(knownUserVersions(a, b)).toEqual(
      new Map([
        [9, 5],
        [10, 4],
      ]),
    );
  });
});

describe("a topic deletion's reset of a policy, in either order with the user's events", () => {
  const followed: UserTopicsState = applyOwnChange({ ...noUserTopics(9), version: 3 }, { ...change('Doomed', 3) }, 4)!;
  const reset = { channelId: 3, topicName: 'doomed', visibilityPolicy: 0 as const, lastUpdated: 70, userVersion: 4, messagesSequence: 30 };

  it('given the event that set the policy applied, then the policy goes at once, unless a later event set it again', () => {
    expect(placeChange(followed, reset)!.topics).toEqual([]);
    const setAgain = applyOwnChange(followed, change('doomed', 1), 5)!;
    expect(placeChange(setAgain, reset)).toBeNull();
    expect(placeChange(placeChange(followed, reset)!, reset)).toBeNull();
  });

  it('given the event not applied yet, then the reset waits for it, once, and applies when it comes', () => {
    const early = { ...noUserTopics(9), version: 3 };
    const pending = placeChange(early, reset)!;
    expect(pending.pending).toEqual([reset]);
    expect(placeChange(pending, reset)).toBeNull();
    expect(applyPendingChanges(pending)).toEqual(pending);
    const caughtUp = applyOwnChange(pending, change('Doomed', 3), 4)!;
    expect(caughtUp).toEqual({ ...noUserTopics(9), version: 4, positions: [{ channelId: 3, topicKey: 'doomed', userVersion: 4 }] });
    expect(caughtUp).toEqual(placeChange(followed, reset));
  });

  it('in the topic index, leaves a tombstone at the version of the event it resets, yielding to a later one', () => {
    const set = setTopicPolicy(noTopicPolicies(3, 'doomed'), { userId: 9, visibilityPolicy: 3, userVersion: 4, by: 'user' })!;
    const gone = setTopicPolicy(set, { userId: 9, visibilityPolicy: 0, userVersion: 4, by: 'reset' })!;
    expect(gone.entries).toEqual([{ userId: 9, visibilityPolicy: 0, userVersion: 4 }]);
    expect(setTopicPolicy(gone, { userId: 9, visibilityPolicy: 0, userVersion: 4, by: 'reset' })).toBeNull();
    // Reset first: the event it resets, applied after, changes nothing.
    const first = setTopicPolicy(noTopicPolicies(3, 'doomed'), { userId: 9, visibilityPolicy: 0, userVersion: 4, by: 'reset' })!;
    expect(setTopicPolicy(first, { userId: 9, visibilityPolicy: 3, userVersion: 4, by: 'user' })).toBeNull();
    const later = setTopicPolicy(set, { userId: 9, visibilityPolicy: 1, userVersion: 5, by: 'user' })!;
    expect(setTopicPolicy(later, { userId: 9, visibilityPolicy: 0, userVersion: 4, by: 'reset' })).toBeNull();
  });
});
