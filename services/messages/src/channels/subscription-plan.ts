import { channelAggregateId, type ChannelState } from './channel.state';
import { pickColors } from './stream-color';
import type { UserSubscriptionsState } from './user-subscriptions.state';
import type { MessagesNewEvent } from '../shared/messages-new-event';

/** A channel as one command sees it: its name and the version its next event follows. */
export interface ChannelRef {
  channelId: number;
  name: string;
  version: number;
}

export const channelRef = (channel: Pick<ChannelState, 'channelId' | 'name' | 'version'>): ChannelRef => ({
  channelId: channel.channelId,
  name: channel.name,
  version: channel.version,
});

export interface SubscriptionPlan {
  /** Pairs newly subscribed (or subscribed again), in request order. */
  subscribed: { userId: number; channel: ChannelRef }[];
  alreadySubscribed: { userId: number; channel: ChannelRef }[];
  /** One `channel.subscribers_added.v1` per channel that gains subscribers. */
  events: MessagesNewEvent<'channel.subscribers_added.v1'>[];
}

/**
 * Zulip's `bulk_add_subscriptions`: who is subscribed already, who gets a new subscription (with
 * the color the request asked for that channel, else the next unused palette color) and who gets
 * an old one back (with its old color).
 */
export function planSubscriptions(
  channels: readonly ChannelRef[],
  userIds: readonly number[],
  subscriptionsOf: (userId: number) => UserSubscriptionsState,
  requestedColors: ReadonlyMap<number, string> = new Map(),
): SubscriptionPlan {
  const subscribed: SubscriptionPlan['subscribed'] = [];
  const alreadySubscribed: SubscriptionPlan['alreadySubscribed'] = [];
  const added = new Map<number, { userId: number; color: string }[]>();
  for (const userId of userIds) {
    const subs = subscriptionsOf(userId).subscriptions;
    const fresh = channels.filter((c) => !subs.some((s) => s.channelId === c.channelId));
    const colors = pickColors(
      subs.map((s) => s.color),
      fresh.map((c) => c.channelId),
      requestedColors,
    );
    for (const channel of channels) {
      const existing = subs.find((s) => s.channelId === channel.channelId);
      if (existing?.active) {
        alreadySubscribed.push({ userId, channel });
        continue;
      }
      subscribed.push({ userId, channel });
      const list = added.get(channel.channelId) ?? [];
      list.push({ userId, color: existing?.color ?? colors.get(channel.channelId)! });
      added.set(channel.channelId, list);
    }
  }
  const events = channels
    .filter((c) => added.has(c.channelId))
    .map((c): MessagesNewEvent<'channel.subscribers_added.v1'> => ({
      type: 'channel.subscribers_added.v1',
      aggregateId: channelAggregateId(c.channelId),
      sequence: c.version + 1,
      data: { channelId: c.channelId, channelName: c.name, subscribers: added.get(c.channelId)!.sort((a, b) => a.userId - b.userId) },
    }));
  return { subscribed, alreadySubscribed, events };
}

/** `{"<user id>": [channel names]}`, Zulip's shape for `subscribed` and `already_subscribed`. */
export function namesByUser(pairs: readonly { userId: number; channel: ChannelRef }[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const { userId, channel } of pairs) (result[String(userId)] ??= []).push(channel.name);
  return result;
}
