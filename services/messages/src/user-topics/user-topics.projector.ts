import type { UserTopicVisibilityPolicyChangedV1 } from '@zulip-es/contracts';
import type { MessagesRepository } from '../projection/messages.repository';
import type { Projector } from '../projection/projector';
import { updateDocument } from './document-writer';
import { noTopicPolicies, setTopicPolicy, topicPoliciesId } from './topic-policies.state';
import { applyPendingResets, evolveUserTopics, noUserTopics, resetUserTopic, userTopicsAggregateId, type UserTopicChange, type UserTopicsState } from './user-topics.state';

const USER_TOPIC_EVENTS: readonly UserTopicVisibilityPolicyChangedV1['type'][] = ['user_topic.visibility_policy_changed.v1'];

const sameTopics = (a: UserTopicsState, b: UserTopicsState): boolean => JSON.stringify(a.topics) === JSON.stringify(b.topics);

function updateTopicIndex(repo: MessagesRepository, change: UserTopicChange, userVersion: number, by: 'user' | 'move'): Promise<void> {
  return updateDocument(
    repo.topicPolicies,
    topicPoliciesId(change.channelId, change.topicName),
    () => noTopicPolicies(change.channelId, change.topicName),
    (index) => setTopicPolicy(index, { userId: change.userId, visibilityPolicy: change.visibilityPolicy, userVersion, by }),
  );
}

/**
 * A user's own policy changes: the user's document (skipped when it already stands at the
 * event's sequence) and the topic's index entry (checked against the same sequence), so a crash
 * between the two writes is repaired by applying the event again.
 */
export const userTopicsProjector = (repo: MessagesRepository): Projector => ({
  types: USER_TOPIC_EVENTS,
  async apply(event, envelope) {
    const change = (event as UserTopicVisibilityPolicyChangedV1).data;
    const sequence = envelope.sequence;
    await updateDocument(
      repo.userTopics,
      userTopicsAggregateId(change.userId),
      () => noUserTopics(change.userId),
      (current) => (current.version >= sequence ? null : applyPendingResets({ ...evolveUserTopics(current, change), version: sequence })),
    );
    await updateTopicIndex(repo, change, sequence, 'user');
  },
});

/**
 * For the projector of a topic move (an event decided under another key, `realm`): applies the
 * policy changes the move's event carries (computed by `planPolicyMove` when it was decided, from
 * `repo.topicPoliciesOf` of both topics). Each change sets an explicit value, so applying the
 * event again changes nothing. The users' versions are left alone: they count only the users'
 * own events.
 */
export async function applyMovedPolicies(repo: MessagesRepository, changes: readonly UserTopicChange[]): Promise<void> {
  for (const change of changes) {
    let userVersion = 0;
    await updateDocument(
      repo.userTopics,
      userTopicsAggregateId(change.userId),
      () => noUserTopics(change.userId),
      (current) => {
        userVersion = current.version;
        const next = evolveUserTopics(current, change);
        return sameTopics(next, current) ? null : next;
      },
    );
    await updateTopicIndex(repo, change, userVersion, 'move');
  }
}

/**
 * For the projector of a topic deletion's completing batch (decided under key `realm`): removes
 * the policies of the users who lost access to the channel, each as of the user's event that set
 * it (see `setTopicPolicy` `reset` and `resetUserTopic`), so the outcome is the same whichever of
 * the deletion and the user's events is applied first, and applying it again changes nothing.
 */
export async function applyPolicyResets(repo: MessagesRepository, channelId: number, topicName: string, users: readonly { userId: number; userVersion: number }[]): Promise<void> {
  for (const { userId, userVersion } of users) {
    let setLater = false;
    await updateDocument(
      repo.topicPolicies,
      topicPoliciesId(channelId, topicName),
      () => noTopicPolicies(channelId, topicName),
      (index) => {
        setLater = index.entries.some((e) => e.userId === userId && e.userVersion > userVersion);
        return setTopicPolicy(index, { userId, visibilityPolicy: 0, userVersion, by: 'reset' });
      },
    );
    await updateDocument(
      repo.userTopics,
      userTopicsAggregateId(userId),
      () => noUserTopics(userId),
      (current) => resetUserTopic(current, { channelId, topicName, userVersion }, setLater),
    );
  }
}
