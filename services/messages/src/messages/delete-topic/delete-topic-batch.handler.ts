import { DeleteTopicBatch } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { idsFrom } from '../message-lists/message-list';
import { ListKeys } from '../message.state';
import { MessageReader } from '../read-messages/message-access';
import { decideDeleteTopicBatch } from './delete-topic.decide';
import { nextTopicBatch } from './topic-batch';

/** `topic.delete_batch`, sent by the topic-deletion worker (key `realm`, like every message change). */
export function deleteTopicBatchHandler({ repo, users }: MessagesDeps): CommandHandler<DeleteTopicBatch> {
  return {
    kind: 'command',
    schema: DeleteTopicBatch,
    async handle({ actorId, data }) {
      const ctx = channelsContext(users, actorId);
      const [subscriptions, channel, messagesVersion] = await Promise.all([repo.subscriptionsOf(ctx.actor.userId), repo.channel(data.channelId), repo.messagesVersion()]);
      const reader = new MessageReader(repo, ctx.actor, ctx, subscriptions);
      const ids = channel ? await nextTopicBatch(repo.lists, data.channelId, data.topic, (slice) => reader.acceptInChannel(data.channelId, slice)) : [];
      const [batch, channelOldestIds] = await Promise.all([repo.messagesByIds(ids), ids.length > 0 ? idsFrom(repo.lists, ListKeys.channel(data.channelId), 0, ids.length + 1) : []]);
      return decideDeleteTopicBatch({ ctx, channel, subscriptions, batch, channelOldestIds, messagesVersion });
    },
    replyFrom: (events) => ({ deleted: events.reduce((n, e) => n + ((e.data.messageIds as number[] | undefined)?.length ?? 0), 0) }),
  };
}
