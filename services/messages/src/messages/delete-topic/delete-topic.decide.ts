import { adminRequired } from '@zulip-es/platform';
import { hasContentAccess, isAdmin } from '../../channels/channel-access';
import { accessChannelById } from '../../channels/channel-lookup';
import type { ChannelsContext } from '../../channels/channels-context';
import type { ChannelState } from '../../channels/channel.state';
import type { UserSubscriptionsState } from '../../channels/user-subscriptions.state';
import type { ReadUser } from '../../users-read-model/users-read-model';
import { MESSAGES_AGGREGATE, type MessageState } from '../message.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

/** A user with a visibility policy for the topic, and whether they are subscribed to its channel. */
export interface PolicyHolder {
  user: Pick<ReadUser, 'userId' | 'role'>;
  subscribed: boolean;
  /** The version of the user's `user_topics` aggregate whose event set the policy (topic index). */
  userVersion: number;
}

/**
 * Zulip's `@require_realm_admin` then `access_stream_by_id` (content access): who may delete a
 * topic of which channel. Checked by the request and again by every batch (a role may change
 * while a job runs).
 */
export function checkTopicDeletion(
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>,
  channel: ChannelState | null,
  subscriptions: UserSubscriptionsState,
): ChannelState {
  if (!isAdmin(ctx.actor)) throw adminRequired();
  return accessChannelById(ctx, channel, subscriptions, { requireContentAccess: true });
}

export interface DeleteTopicBatchState {
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>;
  channel: ChannelState | null;
  subscriptions: UserSubscriptionsState;
  /** The batch picked by `nextTopicBatch` (ids, newest first). */
  batch: number[];
  /** The batch's newest message, as stored (its topic names the batch's conversation). */
  newest: MessageState | null;
  /** The topic as requested (when the newest message is not found). */
  topic: string;
  /** The channel's oldest ids (at least one more than the batch holds, when there are). */
  channelOldestIds: number[];
  messagesVersion: number;
  /** Whether nothing the administrator may access is left in the topic after this batch. */
  completesTopic: boolean;
  /** The users with a visibility policy for the topic (read only for a completing batch). */
  policyHolders: readonly PolicyHolder[];
  now: Date;
}

/**
 * Zulip resets (to 0) the topic's visibility policies of the users who no longer have access to
 * the channel once its topic is gone: the holders without content access, by user id.
 */
export function usersLosingTopicPolicies(
  ctx: Pick<ChannelsContext, 'realm' | 'membership'>,
  channel: ChannelState,
  holders: readonly PolicyHolder[],
): { userId: number; userVersion: number }[] {
  return holders
    .filter((h) => !hasContentAccess(ctx, h.user, channel, h.subscribed))
    .map((h) => ({ userId: h.user.userId, userVersion: h.userVersion }))
    .sort((a, b) => a.userId - b.userId);
}

/**
 * One batch: one `messages.deleted.v1` with its ids (sorted), in the conversation of the batch's
 * newest message (all share the topic's case-insensitive name). When the channel's oldest
 * message goes, the event carries the new `channelFirstMessageId` (null: the channel is empty).
 * The batch that completes the topic resets the visibility policies of the users who lost access
 * to the channel (`visibilityPoliciesReset`, applied by the user topics projection: those
 * documents are written by other keys too, and a `user_topic` event may only come from the
 * user's own key). Nothing left: no event, `{deleted: 0}`, which ends the job.
 */
export function decideDeleteTopicBatch(state: DeleteTopicBatchState): MessagesDecision {
  const channel = checkTopicDeletion(state.ctx, state.channel, state.subscriptions);
  if (state.batch.length === 0) return { events: [], reply: { deleted: 0 } };
  const messageIds = [...state.batch].sort((a, b) => a - b);
  const gone = new Set(messageIds);
  const topic = state.newest?.conversation.type === 'channel' ? state.newest.conversation.topic : state.topic;
  const firstChanged = channel.firstMessageId !== null && gone.has(channel.firstMessageId);
  const channelFirstMessageId = state.channelOldestIds.find((id) => !gone.has(id)) ?? null;
  const losing = state.completesTopic ? usersLosingTopicPolicies(state.ctx, channel, state.policyHolders) : [];
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
          ...(losing.length > 0 ? { visibilityPoliciesReset: { users: losing, lastUpdated: Math.floor(state.now.getTime() / 1000) } } : {}),
        },
      },
    ],
    reply: { deleted: messageIds.length },
  };
}
