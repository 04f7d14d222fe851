import type { UserTopicVisibilityPolicyChangedV1, VisibilityPolicy } from '@zulip-es/contracts';
import { policyOf, storedTopicName, userTopicsAggregateId, type UserTopicsState } from './user-topics.state';
import type { MessagesNewEvent } from '../shared/messages-new-event';

/**
 * Zulip's `bulk_set_user_topic_visibility_policy_in_database` for one user: the event of a real
 * change, or nothing when the topic already has this policy (removing a policy that does not
 * exist included), in which case Zulip writes no row and sends no event.
 */
export function setVisibilityPolicy(
  state: UserTopicsState,
  target: { channelId: number; topic: string; visibilityPolicy: VisibilityPolicy },
  now: Date,
): MessagesNewEvent<'user_topic.visibility_policy_changed.v1'>[] {
  const topicName = storedTopicName(target.topic);
  if (policyOf(state, target.channelId, topicName) === target.visibilityPolicy) return [];
  const event: UserTopicVisibilityPolicyChangedV1 = {
    type: 'user_topic.visibility_policy_changed.v1',
    data: {
      userId: state.userId,
      channelId: target.channelId,
      topicName,
      visibilityPolicy: target.visibilityPolicy,
      lastUpdated: Math.floor(now.getTime() / 1000),
    },
  };
  return [{ ...event, aggregateId: userTopicsAggregateId(state.userId), sequence: state.version + 1 }];
}
