import { deleteTopic, REALM_EMPTY_TOPIC_DISPLAY_NAME, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { MessageReader } from '../read-messages/message-access';
import { checkTopicDeletion } from './delete-topic.decide';
import { nextTopicBatch } from './topic-batch';

/**
 * POST /streams/{stream_id}/delete_topic. A query handler: it decides no event itself (its
 * batches are `topic.delete_batch` commands), so it runs detached from the `realm` partition's
 * order and may wait for the job without holding up the batch commands it waits for. Nothing
 * accessible left in the topic: complete at once, no job.
 */
export function deleteTopicHandler({
  repo,
  users,
  topicDeletion,
  deleteTopicWaitMs,
}: MessagesDeps): QueryHandler<OperationData<typeof deleteTopic>> {
  return {
    kind: 'query',
    schema: deleteTopic.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(users, actorId);
      const subscriptions = await repo.subscriptionsOf(ctx.actor.userId);
      const channel = checkTopicDeletion(ctx, await repo.channel(data.stream_id), subscriptions);
      const topic = data.topic_name === REALM_EMPTY_TOPIC_DISPLAY_NAME ? '' : data.topic_name;
      const reader = new MessageReader(repo, ctx.actor, ctx, subscriptions);
      const left = await nextTopicBatch(repo.lists, channel.channelId, topic, (ids) => reader.acceptInChannel(channel.channelId, ids), 1);
      if (left.length === 0) return { complete: true };
      if (!topicDeletion) throw new Error('topic deletion jobs are not configured');
      return {
        complete: await topicDeletion.run({ channelId: channel.channelId, topic, actorId: ctx.actor.userId }, deleteTopicWaitMs ?? 0),
      };
    },
  };
}
