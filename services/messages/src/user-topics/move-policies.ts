import { VisibilityPolicy } from '@zulip-es/contracts';
import { topicKey, type PlacedChange } from './user-topics.state';

type Policy = VisibilityPolicy;

export interface TopicPolicies {
  channelId: number;
  topicName: string;
  /** Users with a policy (not 0) for this topic. */
  policies: ReadonlyMap<number, Policy>;
}

export interface PolicyMove {
  from: TopicPolicies;
  to: TopicPolicies;
  /** Whether the destination topic still has messages other than the moved ones. */
  targetTopicHasMessages: boolean;
  /** Users who cannot access the destination channel (a move to another channel). */
  usersLosingAccess: ReadonlySet<number>;
  /** Unix seconds of the move: the `lastUpdated` of every policy it sets. */
  now: number;
  /**
   * Per user, the latest of their own events the decision knows of (`knownUserVersions` of both
   * topics' indexes; 0 when absent): every change of the user's policies is placed after it.
   */
  userVersions: ReadonlyMap<number, number>;
}

/**
 * Zulip's `get_visibility_policy_after_merge`: whichever policy shows more wins, erring on the
 * side of showing messages (followed > unmuted > none > muted).
 */
export function policyAfterMerge(orig: Policy, target: Policy): Policy {
  const both = new Set([orig, target]);
  if (both.has(VisibilityPolicy.FOLLOWED)) return VisibilityPolicy.FOLLOWED;
  if (both.has(VisibilityPolicy.UNMUTED)) return VisibilityPolicy.UNMUTED;
  if (both.has(VisibilityPolicy.INHERIT)) return VisibilityPolicy.INHERIT;
  return VisibilityPolicy.MUTED;
}

/**
 * What happens to users' policies when a topic is moved or resolved (a resolve is a rename to
 * `✔ topic`), after zerver/actions/message_edit.py `do_update_message`:
 * - Policies move only when the mover moved every message of the topic they can see
 *   (`propagate_mode` change_all, or change_later/change_one that left none visible to them);
 *   the caller decides that and calls this only then.
 * - A user who loses access to the messages (moved to a channel they cannot access) just loses
 *   their policy for the old topic: no policy is created for them where they cannot look.
 * - Everyone else with a policy for the old or the new topic: the old topic's policy is removed;
 *   if the new topic already had messages, the new policy is the merge of both
 *   (`policyAfterMerge`), otherwise it is the old topic's policy, so a policy left on an empty
 *   destination (its messages deleted) by someone without one on the old topic is removed.
 *   Nothing is written where the new policy equals the destination's current one.
 * Every policy set gets the move's time as `lastUpdated`, and the user's known version as
 * `userVersion` (see `placeChange`).
 *
 * One deliberate difference: a rename that changes only the case of the name (the same topic,
 * as topics match case-insensitively) keeps every policy, where Zulip's code would remove them.
 */
export function planPolicyMove(move: PolicyMove): PlacedChange[] {
  const { from, to, now } = move;
  if (from.channelId === to.channelId && topicKey(from.topicName) === topicKey(to.topicName)) return [];
  const change = (where: TopicPolicies, userId: number, visibilityPolicy: Policy): PlacedChange => ({
    userId,
    channelId: where.channelId,
    topicName: where.topicName,
    visibilityPolicy,
    lastUpdated: now,
    userVersion: move.userVersions.get(userId) ?? 0,
  });
  const channelChanged = from.channelId !== to.channelId;
  const changes: PlacedChange[] = [];
  const orig = new Map<number, Policy>();
  for (const [userId, policy] of from.policies) {
    if (channelChanged && move.usersLosingAccess.has(userId)) changes.push(change(from, userId, VisibilityPolicy.INHERIT));
    else orig.set(userId, policy);
  }
  const users = [...new Set([...orig.keys(), ...to.policies.keys()])].sort((a, b) => a - b);
  for (const userId of users) {
    const origPolicy = orig.get(userId) ?? VisibilityPolicy.INHERIT;
    const targetPolicy = to.policies.get(userId) ?? VisibilityPolicy.INHERIT;
    if (origPolicy !== VisibilityPolicy.INHERIT) changes.push(change(from, userId, VisibilityPolicy.INHERIT));
    const next = move.targetTopicHasMessages ? policyAfterMerge(origPolicy, targetPolicy) : origPolicy;
    if (next !== targetPolicy) changes.push(change(to, userId, next));
  }
  return changes;
}
