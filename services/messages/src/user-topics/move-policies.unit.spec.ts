import { planPolicyMove, policyAfterMerge, type PolicyMove } from './move-policies';

const [NONE, MUTED, UNMUTED, FOLLOWED] = [0, 1, 2, 3] as const;
const NOW = 1_700_000_000;

const move = (from: Record<number, 0 | 1 | 2 | 3>, to: Record<number, 0 | 1 | 2 | 3>, options: Partial<PolicyMove> = {}): PolicyMove => ({
  from: { channelId: 3, topicName: 'old', policies: new Map(Object.entries(from).map(([u, p]) => [Number(u), p])) },
  to: { channelId: 3, topicName: 'new', policies: new Map(Object.entries(to).map(([u, p]) => [Number(u), p])) },
  targetTopicHasMessages: false,
  usersLosingAccess: new Set(),
  now: NOW,
  userVersions: new Map(),
  ...options,
});
const at = (topicName: string, userId: number, visibilityPolicy: number, channelId = 3, userVersion = 0) => ({
  userId,
  channelId,
  topicName,
  visibilityPolicy,
  lastUpdated: NOW,
  userVersion,
});

describe('topic policies when a topic moves (Zulip do_update_message)', () => {
  it('merges two policies by keeping the one that shows more: followed > unmuted > none > muted', () => {
    expect(policyAfterMerge(MUTED, FOLLOWED)).toBe(FOLLOWED);
    expect(policyAfterMerge(UNMUTED, MUTED)).toBe(UNMUTED);
    expect(policyAfterMerge(MUTED, NONE)).toBe(NONE);
    expect(policyAfterMerge(MUTED, MUTED)).toBe(MUTED);
    expect(policyAfterMerge(FOLLOWED, UNMUTED)).toBe(FOLLOWED);
  });

  it('given a new, empty destination, when a topic is renamed or resolved, then every policy moves with it, dated by the move', () => {
    expect(planPolicyMove(move({ 10: MUTED, 11: FOLLOWED }, {}, {}))).toEqual([
      at('old', 10, NONE),
      at('new', 10, MUTED),
      at('old', 11, NONE),
      at('new', 11, FOLLOWED),
    ]);
    const resolved = move({ 10: UNMUTED }, {});
    resolved.to = { ...resolved.to, topicName: '✔ old' };
    expect(planPolicyMove(resolved)).toEqual([at('old', 10, NONE), at('✔ old', 10, UNMUTED)]);
  });

  it('given an empty destination with a leftover policy of someone without one on the old topic, then that policy is removed', () => {
    expect(planPolicyMove(move({}, { 12: MUTED }))).toEqual([at('new', 12, NONE)]);
  });

  it('given a destination with messages, then both policies merge, and nothing is written where the result is already there', () => {
    const plan = planPolicyMove(
      move({ 10: MUTED, 11: FOLLOWED, 13: MUTED }, { 10: UNMUTED, 12: MUTED, 13: MUTED }, { targetTopicHasMessages: true }),
    );
    expect(plan).toEqual([
      at('old', 10, NONE), // merged to unmuted, which the destination already has
      at('old', 11, NONE),
      at('new', 11, FOLLOWED),
      at('new', 12, NONE), // muted only at the destination: none wins over muted
      at('old', 13, NONE), // muted on both: stays muted at the destination
    ]);
  });

  it('given a move to another channel, then users who cannot access it only lose their policy on the old topic', () => {
    const plan = planPolicyMove(move({ 10: FOLLOWED, 11: MUTED }, {}, { usersLosingAccess: new Set([10]) }));
    const toOtherChannel = move({ 10: FOLLOWED, 11: MUTED }, {}, { usersLosingAccess: new Set([10]) });
    toOtherChannel.to = { ...toOtherChannel.to, channelId: 4 };
    expect(planPolicyMove(toOtherChannel)).toEqual([at('old', 10, NONE), at('old', 11, NONE), at('new', 11, MUTED, 4)]);
    // Within one channel nobody loses access, whatever the caller passed.
    expect(plan).toContainEqual(at('new', 10, FOLLOWED));
  });

  it("places each user's changes after the latest of their events the decision knew (0 when it knew none)", () => {
    const plan = planPolicyMove(move({ 10: MUTED, 11: FOLLOWED }, {}, { userVersions: new Map([[10, 7]]) }));
    expect(plan).toEqual([at('old', 10, NONE, 3, 7), at('new', 10, MUTED, 3, 7), at('old', 11, NONE), at('new', 11, FOLLOWED)]);
  });

  it('keeps every policy when a rename changes only the case of the topic', () => {
    const recased = move({ 10: MUTED }, { 10: MUTED });
    recased.to = { ...recased.to, topicName: 'OLD' };
    expect(planPolicyMove(recased)).toEqual([]);
  });
});
