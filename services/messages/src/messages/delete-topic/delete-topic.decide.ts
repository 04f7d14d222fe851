import { adminRequired, type Decision } from '@zulip-es/platform';
import { isAdmin } from '../../channels/channel-access';
import { accessChannelById } from '../../channels/channel-lookup';
import type { ChannelsContext } from '../../channels/channels-context';
import type { ChannelState } from '../../channels/channel.state';
import type { UserSubscriptionsState } from '../../channels/user-subscriptions.state';
import { MESSAGES_AGGREGATE, type MessageState } from '../message.state';

/**
 * Zulip's `@require_realm_admin` then `access_stream_by_id` (content access): who may delete a
 * topic of which channel. Checked by the request and again by every batch (a role may change
 * while a job runs).
 */
export function checkTopicDeletion(ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>, channel: ChannelState | null, subscriptions: UserSubscriptionsState): ChannelState {
  if (!isAdmin(ctx.actor)) throw adminRequired();
  return accessChannelById(ctx, channel, subscriptions, { requireContentAccess: true });
}

export interface DeleteTopicBatchState {
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>;
  channel: ChannelState | null;
  subscriptions: UserSubscriptionsState;
  /** The batch picked by `nextTopicBatch` (newest first), as stored. */
  batch: MessageState[];
  /** The channel's oldest ids (at least one more than the batch holds, when there are). */
  channelOldestIds: number[];
  messagesVersion: number;
}

/**
 * One batch: one `messages.deleted.v1` with its ids (sorted), in the conversation of the batch's
 * newest message (all share the topic's case-insensitive name). When the channel's oldest
 * message goes, the event carries the new `channelFirstMessageId` (null: the channel is empty).
 * Nothing left: no event, `{deleted: 0}`, which ends the job.
 */
export function decideDeleteTopicBatch(state: DeleteTopicBatchState): Decision {
  const channel = checkTopicDeletion(state.ctx, state.channel, state.subscriptions);
  if (state.batch.length === 0) return { events: [], reply: { deleted: 0 } };
  const messageIds = state.batch.map((m) => m.messageId).sort((a, b) => a - b);
  const gone = new Set(messageIds);
  const newest = state.batch.reduce((a, b) => (b.messageId > a.messageId ? b : a));
  const topic = newest.conversation.type === 'channel' ? newest.conversation.topic : '';
  const firstChanged = channel.firstMessageId !== null && gone.has(channel.firstMessageId);
  const channelFirstMessageId = state.channelOldestIds.find((id) => !gone.has(id)) ?? null;
  return {
    events: [
      {
        type: 'messages.deleted.v1',
        aggregateId: MESSAGES_AGGREGATE,
        sequence: state.messagesVersion + 1,
        data: {
          messageIds,
          conversation: { type: 'channel', channelId: channel.channelId, topic },
          ...(firstChanged ? { channelFirstMessageId } : {}),
        },
      },
    ],
    reply: { deleted: messageIds.length },
  };
}
