import type { ChannelSubscribersAddedV1, ChannelSubscribersRemovedV1 } from '@zulip-es/contracts';

/** One user's subscription to one channel; an unsubscribed one is kept inactive (its color stays). */
export interface SubscriptionState {
  channelId: number;
  active: boolean;
  color: string;
  /** The channel's sequence when this entry last changed: an event applied again changes nothing. */
  channelVersion: number;
}

/**
 * Every subscription of one user (`subscriptions:<userId>`), a projection document written from
 * channel events (the aggregates are the channels). Per-user subscription settings (color
 * changes, muting, pinning) will be their own aggregate, keyed by the user, and override these.
 */
export interface UserSubscriptionsState {
  userId: number;
  subscriptions: SubscriptionState[];
}

export const userSubscriptionsId = (userId: number): string => `subscriptions:${userId}`;

export const noSubscriptions = (userId: number): UserSubscriptionsState => ({ userId, subscriptions: [] });

export const activeSubscription = (state: UserSubscriptionsState | null, channelId: number): SubscriptionState | undefined =>
  state?.subscriptions.find((s) => s.channelId === channelId && s.active);

/**
 * Pure: the user's subscriptions after a channel event that names them, or null when this entry
 * already reflects the event (applied before).
 */
export function evolveUserSubscriptions(
  state: UserSubscriptionsState,
  event: ChannelSubscribersAddedV1 | ChannelSubscribersRemovedV1,
  sequence: number,
): UserSubscriptionsState | null {
  const { channelId } = event.data;
  const current = state.subscriptions.find((s) => s.channelId === channelId);
  if (current && current.channelVersion >= sequence) return null;
  let next: SubscriptionState;
  if (event.type === 'channel.subscribers_added.v1') {
    const added = event.data.subscribers.find((s) => s.userId === state.userId);
    if (!added) return null;
    next = { channelId, active: true, color: added.color, channelVersion: sequence };
  } else {
    if (!current || !event.data.userIds.includes(state.userId)) return null;
    next = { ...current, active: false, channelVersion: sequence };
  }
  const others = state.subscriptions.filter((s) => s.channelId !== channelId);
  return { ...state, subscriptions: [...others, next].sort((a, b) => a.channelId - b.channelId) };
}
