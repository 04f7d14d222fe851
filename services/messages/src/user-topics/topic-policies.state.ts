import type { VisibilityPolicy } from '@zulip-es/contracts';
import type { Revised } from './document-writer';
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
 * aggregates (and moves): see `updateDocument`.
 */
export interface TopicPoliciesState extends Revised {
  channelId: number;
  topicKey: string;
  entries: TopicPolicyEntry[];
}

export const topicPoliciesId = (channelId: number, topicName: string): string => `topic_policies:${channelId}:${topicKey(topicName)}`;

export const noTopicPolicies = (channelId: number, topicName: string): TopicPoliciesState => ({ channelId, topicKey: topicKey(topicName), entries: [], rev: 0 });

/** The users with a policy (not 0) for this topic, by user id. */
export const activePolicies = (state: TopicPoliciesState): Map<number, Exclude<VisibilityPolicy, 0>> =>
  new Map(state.entries.flatMap((e) => (e.visibilityPolicy === 0 ? [] : [[e.userId, e.visibilityPolicy] as const])));

/**
 * Pure: the index after a user's policy became `visibilityPolicy`, or null when it already says
 * so. A user's own event (`by: 'user'`, `userVersion` its sequence) is skipped when the entry
 * stands at that version or later (delivered again); a move keeps the user's version and only
 * needs the policy to differ (setting the same value twice changes nothing). A reset (`by:
 * 'reset'`, policy 0, a topic deletion) removes the policy the user's event `userVersion` set:
 * it leaves a tombstone at that version, even before that event is applied (a catch-up may read
 * the deletion's partition first), so that event cannot bring the policy back, and it yields to
 * a later event of the user.
 */
export function setTopicPolicy(
  state: TopicPoliciesState,
  change: { userId: number; visibilityPolicy: VisibilityPolicy; userVersion: number; by: 'user' | 'move' | 'reset' },
): TopicPoliciesState | null {
  const { userId, visibilityPolicy, userVersion } = change;
  const current = state.entries.find((e) => e.userId === userId);
  if (change.by === 'reset' && current && (current.userVersion > userVersion || (current.userVersion === userVersion && current.visibilityPolicy === 0))) return null;
  if (current && change.by === 'user' && current.userVersion >= userVersion) return null;
  if (current && change.by === 'move' && (current.userVersion > userVersion || current.visibilityPolicy === visibilityPolicy)) return null;
  if (!current && change.by === 'move' && visibilityPolicy === 0) return null;
  const entries = [...state.entries.filter((e) => e !== current), { userId, visibilityPolicy, userVersion }].sort((a, b) => a.userId - b.userId);
  return { ...state, entries };
}
