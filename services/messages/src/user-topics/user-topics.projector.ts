import type { UserTopicVisibilityPolicyChangedV1 } from '@zulip-es/contracts';
import type { MessagesRepository } from '../projection/messages.repository';
import type { Projector } from '../projection/projector';
import { noTopicPolicies, setTopicPolicy, topicPoliciesId } from './topic-policies.state';
import { applyOwnChange, noUserTopics, placeChange, userTopicsAggregateId, type PlacedChange } from './user-topics.state';

const USER_TOPIC_EVENTS: readonly UserTopicVisibilityPolicyChangedV1['type'][] = ['user_topic.visibility_policy_changed.v1'];

/**
 * A user's own policy changes: the user's document (skipped when it already stands at the
 * event's sequence; pending moves and resets placed at that sequence follow) and the topic's
 * index entry (checked against the same sequence), so a crash between the two writes is repaired
 * by applying the event again.
 */
export const userTopicsProjector = (repo: MessagesRepository): Projector => ({
  types: USER_TOPIC_EVENTS,
  async apply(event, envelope) {
    const change = (event as UserTopicVisibilityPolicyChangedV1).data;
    const sequence = envelope.sequence;
    await repo.userTopics.reviseOne(
      userTopicsAggregateId(change.userId),
      () => noUserTopics(change.userId),
      (current) => applyOwnChange(current, change, sequence),
    );
    await repo.topicPolicies.reviseOne(
      topicPoliciesId(change.channelId, change.topicName),
      () => noTopicPolicies(change.channelId, change.topicName),
      (index) =>
        setTopicPolicy(index, { userId: change.userId, visibilityPolicy: change.visibilityPolicy, userVersion: sequence, by: 'user' }),
    );
  },
});

/**
 * Changes of users' policies decided under key `realm` (a topic move's, a topic deletion's
 * resets), each placed after the user's event `userVersion`: the topic's index entry and the
 * user's document each decide on their own content whether the change applies, waits for the
 * user's events (the document only) or yields to a later one of them (`setTopicPolicy`,
 * `placeChange`). So the outcome is the same whichever of the two partitions is read first, each
 * write is repeatable (a crash between them is repaired by applying the event again), and
 * applying the event twice changes nothing. The users' versions are left alone: they count only
 * the users' own events.
 */
async function applyPlacedChanges(
  repo: MessagesRepository,
  changes: readonly PlacedChange[],
  by: 'move' | 'reset',
  messagesSequence: number,
): Promise<void> {
  for (const { userId, ...placed } of changes) {
    const change = { ...placed, messagesSequence };
    await repo.topicPolicies.reviseOne(
      topicPoliciesId(change.channelId, change.topicName),
      () => noTopicPolicies(change.channelId, change.topicName),
      (index) => setTopicPolicy(index, { userId, visibilityPolicy: change.visibilityPolicy, userVersion: change.userVersion, by }),
    );
    await repo.userTopics.reviseOne(
      userTopicsAggregateId(userId),
      () => noUserTopics(userId),
      (current) => placeChange(current, change),
    );
  }
}

/**
 * For the projector of a topic move (its event's `sequence`): the policy changes the move's event
 * carries (computed by `planPolicyMove` when it was decided, from `repo.topicPoliciesOf` of both topics).
 */
export const applyMovedPolicies = (repo: MessagesRepository, changes: readonly PlacedChange[], sequence: number): Promise<void> =>
  applyPlacedChanges(repo, changes, 'move', sequence);

/**
 * For the projector of a topic deletion's completing batch (its event's `sequence`): removes the
 * policies of the users who lost access to the channel, each as of the user's event that set it.
 */
export function applyPolicyResets(
  repo: MessagesRepository,
  reset: { channelId: number; topicName: string; lastUpdated: number; sequence: number },
  users: readonly { userId: number; userVersion: number }[],
): Promise<void> {
  const { channelId, topicName, lastUpdated, sequence } = reset;
  return applyPlacedChanges(
    repo,
    users.map(({ userId, userVersion }) => ({ userId, channelId, topicName, visibilityPolicy: 0, lastUpdated, userVersion })),
    'reset',
    sequence,
  );
}
