import { Controller, Inject } from '@nestjs/common';
import { deleteTopic, REALM_EMPTY_TOPIC_DISPLAY_NAME, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { MessageReader } from '../read-messages/message-access';
import { checkTopicDeletion } from './delete-topic.decide';
import { nextTopicBatch } from './topic-batch';
import { TopicDeletionQueue } from './topic-deletion.queue';

@Controller()
export class DeleteTopicHandler {
  constructor(
    @Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps,
    private readonly jobs: TopicDeletionQueue,
  ) {}

  /**
   * POST /streams/{stream_id}/delete_topic. A query handler: it decides no event itself (its
   * batches are `topic.delete_batch` commands), so it runs detached from the `realm` partition's
   * order and may wait for the job without holding up the batch commands it waits for. Nothing
   * accessible left in the topic: complete at once, no job.
   */
  @QueryPattern(deleteTopic)
  async deleteTopic({ actorId, data }: OperationContext<typeof deleteTopic>): Promise<ReplyOf<typeof deleteTopic>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const subscriptions = await repo.subscriptionsOf(ctx.actor.userId);
    const channel = checkTopicDeletion(ctx, await repo.channel(data.stream_id), subscriptions);
    const topic = data.topic_name === REALM_EMPTY_TOPIC_DISPLAY_NAME ? '' : data.topic_name;
    const reader = new MessageReader(repo, ctx.actor, ctx, subscriptions);
    const left = await nextTopicBatch(repo.lists, channel.channelId, topic, (ids) => reader.acceptInChannel(channel.channelId, ids), 1);
    if (left.length === 0) return { complete: true };
    return { complete: await this.jobs.run({ channelId: channel.channelId, topic, actorId: ctx.actor.userId }) };
  }
}
