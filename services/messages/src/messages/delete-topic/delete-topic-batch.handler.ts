import { Controller, Inject } from '@nestjs/common';
import { DeleteTopicBatch, TOPIC_DELETE_BATCH_SIZE, DELETE_TOPIC_BATCH } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext, type RecordedEvents, type ReplyBody } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { idsFrom } from '../message-lists/message-list';
import { ListKeys } from '../message.state';
import { MessageReader } from '../read-messages/message-access';
import { activeSubscription } from '../../channels/user-subscriptions.state';

import { decideDeleteTopicBatch, type PolicyHolder } from './delete-topic.decide';
import { nextTopicBatch } from './topic-batch';

/** The reply of a batch already applied: how many messages it deleted. */
function deletedCountReply(events: RecordedEvents): ReplyBody {
  return { deleted: events.reduce((n, e) => n + ((e.data.messageIds as number[] | undefined)?.length ?? 0), 0) };
}

@Controller()
export class DeleteTopicBatchHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** `topic.delete_batch`, sent by the topic-deletion worker (key `realm`, like every message change). */
  @CommandPattern({ type: DELETE_TOPIC_BATCH, params: DeleteTopicBatch }, { replyFrom: deletedCountReply })
  async deleteTopicBatch({ actorId, data, now }: MessageContext<DeleteTopicBatch>): Promise<Decision> {
    const { deps } = this;
    const { repo, users } = deps;
    const ctx = channelsContext(users, actorId);
    const [subscriptions, channel, messagesVersion] = await Promise.all([
      repo.subscriptionsOf(ctx.actor.userId),
      repo.channel(data.channelId),
      repo.messagesVersion(),
    ]);
    const reader = new MessageReader(repo, ctx.actor, ctx, subscriptions);
    if (channel) reader.knowing(channel);
    // The lists as the projector left them after the last batch: no store round trip in a deletion.
    const lists = repo.listCache.readerAt(messagesVersion);
    // One more than a batch: whether this batch leaves the topic empty (for the administrator).
    const picked = channel
      ? await nextTopicBatch(
          lists,
          data.channelId,
          data.topic,
          (slice) => reader.acceptInChannel(data.channelId, slice),
          TOPIC_DELETE_BATCH_SIZE + 1,
        )
      : [];
    const ids = picked.slice(0, TOPIC_DELETE_BATCH_SIZE);
    const completesTopic = ids.length > 0 && picked.length <= TOPIC_DELETE_BATCH_SIZE;
    // Only the newest message is read (its topic names the batch): the ids come from the list.
    const [newest, channelOldestIds, policyHolders] = await Promise.all([
      ids.length > 0 ? repo.message(ids[0]) : null,
      // The channel's oldest ids matter only when its oldest message is in the batch.
      channel?.firstMessageId != null && ids.includes(channel.firstMessageId)
        ? idsFrom(lists, ListKeys.channel(data.channelId), 0, ids.length + 1)
        : [],
      completesTopic ? policyHoldersOf(deps, data.channelId, data.topic) : [],
    ]);
    return decideDeleteTopicBatch({
      ctx,
      channel,
      subscriptions,
      batch: ids,
      newest,
      topic: data.topic,
      channelOldestIds,
      messagesVersion,
      completesTopic,
      policyHolders,
      now,
    });
  }
}

/** The users with a policy for the topic (from its index) and their subscription to the channel. */
async function policyHoldersOf({ repo, users }: MessagesDeps, channelId: number, topic: string): Promise<PolicyHolder[]> {
  const entries = (await repo.topicPoliciesOf(channelId, topic)).entries.filter((e) => e.visibilityPolicy !== 0);
  const holders = await Promise.all(
    entries.map(async ({ userId, userVersion }): Promise<PolicyHolder | null> => {
      const user = users.user(userId);
      return user
        ? { user, userVersion, subscribed: activeSubscription(await repo.subscriptionsOf(userId), channelId) !== undefined }
        : null;
    }),
  );
  return holders.filter((h): h is PolicyHolder => h !== null);
}
