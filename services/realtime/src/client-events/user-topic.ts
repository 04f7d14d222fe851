import { namingTopic, toOwner, type ClientEventsOf } from './client-event';

export const userTopicChanged: ClientEventsOf<'user_topic.visibility_policy_changed.v1'> = ({ data }) =>
  namingTopic(data.topicName, (topicName) =>
    toOwner(data.userId, {
      type: 'user_topic',
      stream_id: data.channelId,
      topic_name: topicName,
      last_updated: data.lastUpdated,
      visibility_policy: data.visibilityPolicy,
    }),
  );
