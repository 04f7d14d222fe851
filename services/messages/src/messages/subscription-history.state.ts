import type { ChannelSubscribersAddedV1, ChannelSubscribersRemovedV1 } from '@zulip-es/contracts';

/**
 * The message ids a user received in one channel (`history:<userId>:<channelId>`): one interval
 * per subscription, `from` the first message id after they joined, `to` the last one before
 * they left (null while subscribed). It stands in for Zulip's UserMessage rows: a user keeps
 * access to what they received, which is all they may read of a channel with protected history.
 */
export interface SubscriptionHistoryState {
  userId: number;
  channelId: number;
  intervals: { from: number; to: number | null }[];
  /**
   * Messages moved into the channel while the user was subscribed (sorted): Zulip gives the new
   * channel's subscribers UserMessage rows for them when its history is protected.
   */
  movedIn?: number[];
  /** The channel sequence of the last event applied here. */
  channelVersion: number;
}

export const subscriptionHistoryId = (userId: number, channelId: number): string => `history:${userId}:${channelId}`;

/** Pure: the history after a subscription change, or null when already applied. `lastMessageId` is the newest message id at that point. */
export function evolveSubscriptionHistory(
  current: SubscriptionHistoryState | null,
  userId: number,
  event: ChannelSubscribersAddedV1 | ChannelSubscribersRemovedV1,
  sequence: number,
  lastMessageId: number,
): SubscriptionHistoryState | null {
  const { channelId } = event.data;
  const state = current ?? { userId, channelId, intervals: [], channelVersion: 0 };
  if (state.channelVersion >= sequence) return null;
  const open = state.intervals.at(-1)?.to === null;
  let intervals = state.intervals;
  if (event.type === 'channel.subscribers_added.v1' && !open) intervals = [...intervals, { from: lastMessageId + 1, to: null }];
  if (event.type === 'channel.subscribers_removed.v1' && open)
    intervals = [...intervals.slice(0, -1), { ...intervals.at(-1)!, to: lastMessageId }];
  return { ...state, intervals, channelVersion: sequence };
}

/** Whether the user received this message (was subscribed when it was sent). */
export const received = (history: SubscriptionHistoryState | null, messageId: number): boolean =>
  (history?.intervals.some((i) => messageId >= i.from && (i.to === null || messageId <= i.to)) ?? false) ||
  (history?.movedIn?.includes(messageId) ?? false);

/** Pure: the history after messages were moved in while the user was subscribed, or null when it already has them. */
export function withMovedIn(history: SubscriptionHistoryState, messageIds: readonly number[]): SubscriptionHistoryState | null {
  const current = history.movedIn ?? [];
  const added = messageIds.filter((id) => !current.includes(id));
  return added.length === 0 ? null : { ...history, movedIn: [...current, ...added].sort((a, b) => a - b) };
}
