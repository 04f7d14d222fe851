import type { OperationData, unsubscribe } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { canRemoveSubscribers } from '../channel-access';
import { checkChannelName } from '../channel-name';
import { resolvePrincipals, type ChannelsContext } from '../channels-context';
import { channelAggregateId, type ChannelState } from '../channel.state';
import { INSUFFICIENT_PERMISSION } from '../new-channel';
import { normalizeChannelName } from '../../projection/messages.repository';
import { activeSubscription, type UserSubscriptionsState } from '../user-subscriptions.state';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

export type Unsubscribe = OperationData<typeof unsubscribe>;

export interface UnsubscribeState {
  ctx: ChannelsContext;
  existing: ReadonlyMap<string, ChannelState>;
  subscriptionsOf: (userId: number) => UserSubscriptionsState;
}

/**
 * Zulip's `remove_subscriptions_backend`: the caller leaves channels, or removes `principals`
 * from them when allowed (administrators; channel administrators; holders of each channel's
 * `can_remove_subscribers_group` with access to it). Pairs not subscribed are `not_removed`.
 */
export function decideUnsubscribe(cmd: Unsubscribe, state: UnsubscribeState): MessagesDecision<'channel.subscribers_removed.v1'> {
  const { ctx } = state;
  const { actor } = ctx;
  const people = cmd.principals && cmd.principals.length > 0 ? resolvePrincipals(ctx, cmd.principals) : [actor];
  // Zulip also lets users remove their own bots; bot ownership is not in this service's copy yet.
  const others = people.some((u) => u.userId !== actor.userId);

  const names = cmd.subscriptions.map((n) => n.trim());
  for (const name of new Set(names)) checkChannelName(name);
  const found = names.map((name) => state.existing.get(normalizeChannelName(name)));
  const channels = [...new Map(found.flatMap((c) => (c ? [[c.channelId, c] as const] : []))).values()];
  const actorSubs = state.subscriptionsOf(actor.userId);
  if (
    others &&
    !canRemoveSubscribers(
      ctx,
      actor,
      channels.map((channel) => ({ channel, subscribed: activeSubscription(actorSubs, channel.channelId) !== undefined })),
    )
  ) {
    throw badRequest(INSUFFICIENT_PERMISSION);
  }
  const missing = names.filter((_, i) => !found[i]);
  if (missing.length > 0) throw badRequest(`Channel(s) (${missing.join(', ')}) do not exist`);

  const removed: string[] = [];
  const notRemoved: string[] = [];
  const leaving = new Map<number, number[]>();
  for (const user of people) {
    const subs = state.subscriptionsOf(user.userId);
    for (const channel of channels) {
      if (!activeSubscription(subs, channel.channelId)) {
        notRemoved.push(channel.name);
        continue;
      }
      removed.push(channel.name);
      leaving.set(channel.channelId, [...(leaving.get(channel.channelId) ?? []), user.userId]);
    }
  }
  const events = channels
    .filter((c) => leaving.has(c.channelId))
    .map((c): MessagesNewEvent<'channel.subscribers_removed.v1'> => ({
      type: 'channel.subscribers_removed.v1',
      aggregateId: channelAggregateId(c.channelId),
      sequence: c.version + 1,
      data: { channelId: c.channelId, channelName: c.name, userIds: leaving.get(c.channelId)!.sort((a, b) => a - b) },
    }));
  return { events, reply: { removed, not_removed: notRemoved } };
}

/** A redelivered command's reply: what its events removed (`not_removed` is not recorded). */
export function unsubscribeReplyFrom(events: readonly { type: string; data: Record<string, unknown> }[]): Record<string, unknown> {
  const removed = events.flatMap((e) => {
    const data = e.data as { channelName: string; userIds: number[] };
    return e.type === 'channel.subscribers_removed.v1' ? data.userIds.map(() => data.channelName) : [];
  });
  return { removed, not_removed: [] };
}
