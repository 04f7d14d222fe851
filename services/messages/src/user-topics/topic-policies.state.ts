import type { VisibilityPolicy } from '@zulip-es/contracts';
import type { Revised } from '@zulip-es/platform';
import { topicKey } from './user-topics.state';

/**
 * One user's policy as the topic index knows it. Removed policies stay as 0 (a tombstone) with the
 * user's aggregate version, so an older user event delivered again cannot bring them back.
 */
export interface TopicPolicyEntry {
  userId: number;
  visibilityPolicy: VisibilityPolicy;
  /** The version of `user_topics:<userId>` whose event last set this entry. */
  userVersion: number;
}

/**
 * Who has a policy for one topic (`topic_policies:<channelId>:<lower-case topic>`): an index kept
 * beside the per-user documents so that a topic move finds the users whose policies move with it
 * by one lookup by `_id` instead of scanning every user. Written by events of many user
 * aggregates (and moves): see `reviseOne`.
 */
export interface TopicPoliciesState extends Revised {
  channelId: number;
  topicKey: string;
  entries: TopicPolicyEntry[];
}

export const topicPoliciesId = (channelId: number, topicName: string): string => `topic_policies:${channelId}:${topicKey(topicName)}`;

export const noTopicPolicies = (channelId: number, topicName: string): TopicPoliciesState => ({
  channelId,
  topicKey: topicKey(topicName),
  entries: [],
  rev: 0,
});

/** The users with a policy (not 0) for this topic, by user id. */
export const activePolicies = (state: TopicPoliciesState): Map<number, Exclude<VisibilityPolicy, 0>> =>
  new Map(state.entries.flatMap((e) => (e.visibilityPolicy === 0 ? [] : [[e.userId, e.visibilityPolicy] as const])));

/**
 * The highest `userVersion` of each user's entries in these indexes (removed policies included):
 * the latest event of the user a decision reading them knows of, where it places its changes.
 */
export function knownUserVersions(...indexes: readonly TopicPoliciesState[]): Map<number, number> {
  const versions = new Map<number, number>();
  for (const { userId, userVersion } of indexes.flatMap((i) => i.entries))
    versions.set(userId, Math.max(userVersion, versions.get(userId) ?? 0));
  return versions;
}

/**
 * Pure: the index after a user's policy became `visibilityPolicy`, or null when it already says
 * so. An entry's `userVersion` places its last change in the user's history, and the change
 * placed last wins, whatever order they come in:
 * - a user's own event (`by: 'user'`, `userVersion` its sequence) is skipped when the entry stands
 *   at that version or later (delivered again, or a change placed after it came first);
 * - a topic move's change (`by: 'move'`) or a topic deletion's reset (`by: 'reset'`, policy 0),
 *   decided under key `realm` and placed after the user's event `userVersion`, yields to a later
 *   event of the user (an entry past that version), and otherwise is written at that version,
 *   even where the index has no entry yet (a catch-up reading the realm's partition first): a
 *   removed policy stays as a tombstone, so the user event it follows, applied after, cannot bring
 *   it back. Changes placed at the same version apply in the order they come (the realm's order).
 */
export function setTopicPolicy(
  state: TopicPoliciesState,
  change: { userId: number; visibilityPolicy: VisibilityPolicy; userVersion: number; by: 'user' | 'move' | 'reset' },
): TopicPoliciesState | null {
  const { userId, visibilityPolicy, userVersion } = change;
  const current = state.entries.find((e) => e.userId === userId);
  if (current && change.by === 'user' && current.userVersion >= userVersion) return null;
  if (
    current &&
    change.by !== 'user' &&
    (current.userVersion > userVersion || (current.userVersion === userVersion && current.visibilityPolicy === visibilityPolicy))
  )
    return null;
  const entries = [...state.entries.filter((e) => e !== current), { userId, visibilityPolicy, userVersion }].sort(
    (a, b) => a.userId - b.userId,
  );
  return { ...state, entries };
}
