import { setTopicPolicy, noTopicPolicies, activePolicies, topicPoliciesId } from './topic-policies.state';
import { applyPendingResets, evolveUserTopics, noUserTopics, resetUserTopic, storedTopicName } from './user-topics.state';
import { userTopicsView } from './user-topics-view';

const change = (topicName: string, visibilityPolicy: 0 | 1 | 2 | 3, channelId = 3) => ({ userId: 9, channelId, topicName, visibilityPolicy, lastUpdated: 50 });

describe("a user's topic policies", () => {
  it('keeps the name a topic was first given, matching later changes case-insensitively', () => {
    const muted = evolveUserTopics(noUserTopics(9), change('Dinner', 1));
    const followed = evolveUserTopics(muted, { ...change('DINNER', 3), lastUpdated: 60 });
    expect(followed.topics).toEqual([{ channelId: 3, topicName: 'Dinner', visibilityPolicy: 3, lastUpdated: 60 }]);
    expect(evolveUserTopics(followed, change('dinner', 0)).topics).toEqual([]);
  });

  it('lists the policies in Zulip\'s user_topics shape, leaving out archived channels', () => {
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
    expect(setTopicPolicy(noTopicPolicies(3, 'x'), { userId: 9, visibilityPolicy: 0, userVersion: 1, by: 'move' })).toBeNull();
    expect(activePolicies(setTopicPolicy(set, { userId: 10, visibilityPolicy: 3, userVersion: 0, by: 'move' })!)).toEqual(new Map([[9, 1], [10, 3]]));
  });
});

describe("a topic deletion's reset of a policy, in either order with the user's events", () => {
  const followed = { ...evolveUserTopics(noUserTopics(9), change('Doomed', 3)), version: 4 };
  const reset = { channelId: 3, topicName: 'doomed', userVersion: 4 };

  it('given the event that set the policy applied, then the policy goes at once, unless a later event set it again', () => {
    expect(resetUserTopic(followed, reset, false)!.topics).toEqual([]);
    expect(resetUserTopic(followed, reset, true)).toBeNull();
    expect(resetUserTopic({ ...followed, topics: [] }, reset, false)).toBeNull();
  });

  it('given the event not applied yet, then the reset waits for it, once, and applies when it comes', () => {
    const early = { ...noUserTopics(9), version: 3 };
    const pending = resetUserTopic(early, reset, false)!;
    expect(pending.pendingResets).toEqual([reset]);
    expect(resetUserTopic(pending, reset, false)).toBeNull();
    expect(applyPendingResets(pending)).toEqual(pending);
    const caughtUp = applyPendingResets({ ...evolveUserTopics(pending, change('Doomed', 3)), version: 4 });
    expect(caughtUp).toEqual({ ...noUserTopics(9), version: 4 });
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
