import type { UserTopicVisibilityPolicyChangedV1 } from '@zulip-es/contracts';
import type { MessagesRepository } from '../projection/messages.repository';
import { applyToDocument, type Projector } from '../projection/projector';
import { setTopicPolicy } from './topic-policies.state';
import { updateTopicPolicies } from './topic-policies.writer';
import { evolveUserTopics, noUserTopics, userTopicsAggregateId, type UserTopicChange } from './user-topics.state';

const USER_TOPIC_EVENTS: readonly UserTopicVisibilityPolicyChangedV1['type'][] = ['user_topic.visibility_policy_changed.v1'];

/**
 * A user's own policy changes: the user's document (version-checked) and the topic's index entry
 * (checked against the same version), each skipped when the event was applied before, so a crash
 * between the two writes is repaired by applying the event again.
 */
export const userTopicsProjector = (repo: MessagesRepository): Projector => ({
  types: USER_TOPIC_EVENTS,
  async apply(event, envelope) {
    const change = (event as UserTopicVisibilityPolicyChangedV1).data;
    const sequence = envelope.sequence;
    await applyToDocument(repo.userTopics, userTopicsAggregateId(change.userId), sequence, (current) => ({
      ...evolveUserTopics(current ?? noUserTopics(change.userId), change),
      version: sequence,
    }));
    await updateTopicPolicies(repo, change.channelId, change.topicName, (current) =>
      setTopicPolicy(current, { userId: change.userId, visibilityPolicy: change.visibilityPolicy, userVersion: sequence, by: 'user' }),
    );
  },
});

/**
 * For the projector of a topic move (an event decided under another key, `realm`): applies the
 * policy changes the move's event carries (computed by `planPolicyMove` when it was decided).
 * Each change sets an explicit value, so applying the event again changes nothing. The users'
 * versions are left alone: they count only the users' own events.
 */
export async function applyMovedPolicies(repo: MessagesRepository, changes: readonly UserTopicChange[]): Promise<void> {
  for (const change of changes) {
    const current = await repo.userTopicsOf(change.userId);
    const next = evolveUserTopics(current, change);
    if (JSON.stringify(next) !== JSON.stringify(current)) {
      await repo.userTopics.replaceOne({ _id: userTopicsAggregateId(change.userId) }, next, { upsert: true });
    }
    await updateTopicPolicies(repo, change.channelId, change.topicName, (index) =>
      setTopicPolicy(index, { userId: change.userId, visibilityPolicy: change.visibilityPolicy, userVersion: current.version, by: 'move' }),
    );
  }
}
