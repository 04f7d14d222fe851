import { setTopicPolicy, noTopicPolicies, topicPoliciesId, type TopicPoliciesState } from './topic-policies.state';
import {
  applyOwnChange,
  noUserTopics,
  placeChange,
  type PlacedChange,
  type UserTopicChange,
  type UserTopicsState,
} from './user-topics.state';

/**
 * The user topic projection as a pure model of its projectors (`userTopicsProjector`,
 * `applyMovedPolicies`): a user's own events (key `user:<id>`) and topic moves (key `realm`) are
 * in different partitions, which live projection and a rebuild may interleave differently. Every
 * interleaving that keeps each partition's order must end in the same documents.
 */
interface Projection {
  user: UserTopicsState;
  index: Record<string, TopicPoliciesState>;
}
type Event = { own: UserTopicChange; sequence: number } | { moved: PlacedChange[]; sequence: number };

const USER = 9;
const CHANNEL = 3;
const empty = (): Projection => ({ user: noUserTopics(USER), index: {} });

function indexed(p: Projection, topicName: string, evolve: (s: TopicPoliciesState) => TopicPoliciesState | null): Projection {
  const id = topicPoliciesId(CHANNEL, topicName);
  const next = evolve(p.index[id] ?? noTopicPolicies(CHANNEL, topicName));
  return next ? { ...p, index: { ...p.index, [id]: next } } : p;
}

function apply(p: Projection, event: Event): Projection {
  if ('own' in event) {
    const { own, sequence } = event;
    const user = applyOwnChange(p.user, own, sequence) ?? p.user;
    return indexed({ ...p, user }, own.topicName, (s) =>
      setTopicPolicy(s, { userId: USER, visibilityPolicy: own.visibilityPolicy, userVersion: sequence, by: 'user' }),
    );
  }
  return event.moved.reduce((q, { userId: _user, ...change }) => {
    const withIndex = indexed(q, change.topicName, (s) =>
      setTopicPolicy(s, { userId: USER, visibilityPolicy: change.visibilityPolicy, userVersion: change.userVersion, by: 'move' }),
    );
    return { ...withIndex, user: placeChange(withIndex.user, { ...change, messagesSequence: event.sequence }) ?? withIndex.user };
  }, p);
}

/** Every merge of the two partitions' events, each keeping its own order. */
function interleavings<T>(a: readonly T[], b: readonly T[]): T[][] {
  if (a.length === 0) return [[...b]];
  if (b.length === 0) return [[...a]];
  return [...interleavings(a.slice(1), b).map((rest) => [a[0], ...rest]), ...interleavings(a, b.slice(1)).map((rest) => [b[0], ...rest])];
}

const replay = (events: readonly Event[]): Projection => events.reduce(apply, empty());

const own = (sequence: number, topicName: string, visibilityPolicy: 0 | 1 | 2 | 3): Event => ({
  own: { userId: USER, channelId: CHANNEL, topicName, visibilityPolicy, lastUpdated: 100 + sequence },
  sequence,
});
/** A move of topic `from` to `to` carrying the user's policy, decided knowing the user's event `userVersion`. */
let moves = 0;
const move = (from: string, to: string, visibilityPolicy: 1 | 2 | 3, userVersion: number): Event => ({
  sequence: ++moves,
  moved: [
    { userId: USER, channelId: CHANNEL, topicName: from, visibilityPolicy: 0, lastUpdated: 500, userVersion },
    { userId: USER, channelId: CHANNEL, topicName: to, visibilityPolicy, lastUpdated: 500, userVersion },
  ],
});

const policies = (p: Projection) => p.user.topics.map((t) => [t.topicName, t.visibilityPolicy]);
const FOLLOWED = 3;

describe("a topic move's policy changes, in whatever order with the user's own events", () => {
  it('given a policy set and then its topic moved, when the move is read first (a rebuild), then the policy still ends on the new topic only', () => {
    const userEvents = [own(1, 'other', 1), own(2, 'A', FOLLOWED)];
    const live = [...userEvents, move('A', 'B', FOLLOWED, 2)];
    const expected = replay(live);
    expect(policies(expected)).toEqual([
      ['B', FOLLOWED],
      ['other', 1],
    ]);
    expect(replay([move('A', 'B', FOLLOWED, 2), ...userEvents])).toEqual(expected);
    for (const order of interleavings(userEvents, [move('A', 'B', FOLLOWED, 2)])) expect(replay(order)).toEqual(expected);
  });

  it('given the move read first, then it waits in the user document until their event comes, while the index already holds it', () => {
    const early = replay([move('A', 'B', FOLLOWED, 2), own(1, 'other', 1)]);
    expect(early.user.topics).toEqual([expect.objectContaining({ topicName: 'other' })]);
    expect(early.user.pending).toHaveLength(2);
    expect(early.index[topicPoliciesId(CHANNEL, 'A')].entries).toEqual([{ userId: USER, visibilityPolicy: 0, userVersion: 2 }]);
    const caughtUp = apply(early, own(2, 'A', FOLLOWED));
    expect(caughtUp.user.pending).toBeUndefined();
    expect(policies(caughtUp)).toEqual([
      ['B', FOLLOWED],
      ['other', 1],
    ]);
  });

  it("given the user's later choice for the old or the new topic, then it wins over the move in every order", () => {
    const userEvents = [own(1, 'A', FOLLOWED), own(2, 'A', 2), own(3, 'B', 1)];
    const expected = replay([userEvents[0], move('A', 'B', FOLLOWED, 1), userEvents[1], userEvents[2]]);
    expect(policies(expected)).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    for (const order of interleavings(userEvents, [move('A', 'B', FOLLOWED, 1)])) expect(replay(order)).toEqual(expected);
  });

  it('given a later event removing the moved policy, then it stays removed in every order', () => {
    const userEvents = [own(1, 'A', 1), own(2, 'B', 0)];
    const expected = replay([userEvents[0], move('A', 'B', 1, 1), userEvents[1]]);
    expect(policies(expected)).toEqual([]);
    for (const order of interleavings(userEvents, [move('A', 'B', 1, 1)])) expect(replay(order)).toEqual(expected);
  });

  it('given two moves in a row (A to B, then B back to A) around later user events, then every interleaving ends the same', () => {
    const userEvents = [own(1, 'A', 1), own(2, 'C', 3), own(3, 'A', 2)];
    // The second move knows the user's event 1 only: both topics' index entries were written by the first move (at 1).
    const moves = [move('A', 'B', 1, 1), move('B', 'A', 1, 1)];
    const expected = replay([userEvents[0], moves[0], userEvents[1], moves[1], userEvents[2]]);
    expect(policies(expected)).toEqual([
      ['A', 2],
      ['C', 3],
    ]);
    for (const order of interleavings(userEvents, moves)) expect(replay(order)).toEqual(expected);
  });

  it('given the same changes carried by two moves waiting together (A to B, back, and again, in one second), then each applies in turn', () => {
    const userEvents = [own(1, 'A', 1)];
    const there = [move('A', 'B', 1, 1), move('B', 'A', 1, 1), move('A', 'B', 1, 1)];
    const expected = replay([...userEvents, ...there]);
    expect(policies(expected)).toEqual([['B', 1]]);
    expect(replay([...there, ...userEvents])).toEqual(expected);
  });

  it('applies every event delivered twice, anywhere later, once', () => {
    const userEvents = [own(1, 'A', FOLLOWED), own(2, 'B', 2)];
    const events = [userEvents[0], move('A', 'B', FOLLOWED, 1), userEvents[1]];
    const expected = replay(events);
    for (let i = 0; i < events.length; i++) {
      for (let at = i + 1; at <= events.length; at++) {
        const redelivered = [...events.slice(0, at), events[i], ...events.slice(at)];
        expect(replay(redelivered)).toEqual(expected);
      }
    }
  });
});
