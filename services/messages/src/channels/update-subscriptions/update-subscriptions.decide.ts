import { subscribe, type OperationData, type updateSubscriptions } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { isGuest } from '../channel-access';
import { evolveChannel, type ChannelEvent, type ChannelState } from '../channel.state';
import { normalizeChannelName } from '../../projection/messages.repository';
import { decideSubscribe, subscribeReplyFrom, type SubscribeState } from '../subscribe/subscribe.decide';
import { decideUnsubscribe, unsubscribeReplyFrom } from '../unsubscribe/unsubscribe.decide';
import { evolveUserSubscriptions, type UserSubscriptionsState } from '../user-subscriptions.state';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

export type UpdateSubscriptions = OperationData<typeof updateSubscriptions>;

/**
 * Zulip's `update_subscriptions_backend`: `add` as `POST /users/me/subscriptions` with its
 * defaults (the caller alone, channels created when missing), then `delete` as `DELETE` on the
 * state the additions left (a channel both added and deleted ends unsubscribed), in one decision:
 * either both apply or neither. The reply is both replies merged.
 */
export function decideUpdateSubscriptions(cmd: UpdateSubscriptions, state: SubscribeState, now: Date): MessagesDecision {
  if (cmd.add.length === 0 && cmd.delete.length === 0) throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  // Zulip's add_subscriptions_backend (`require_non_guest_user`) runs even for an empty `add`.
  if (isGuest(state.ctx.actor)) throw badRequest('Not allowed for guest users');
  const added = decideSubscribe(subscribe.params.parse({ subscriptions: cmd.add }), state, now, 'add');
  const after = afterEvents(state, added.events);
  const removed = decideUnsubscribe({ subscriptions: cmd.delete }, { ctx: state.ctx, ...after });
  return { events: [...added.events, ...removed.events], reply: { ...added.reply, ...removed.reply } };
}

/** The channels and subscriptions `events` (decided but not applied yet) leave, for the next decision. */
function afterEvents(state: SubscribeState, events: readonly MessagesNewEvent[]): Pick<SubscribeState, 'existing' | 'subscriptionsOf'> {
  const byId = new Map([...state.existing.values()].map((c) => [c.channelId, c]));
  const subscriptions = new Map<number, UserSubscriptionsState>();
  const subscriptionsOf = (userId: number) => subscriptions.get(userId) ?? state.subscriptionsOf(userId);
  for (const event of events) {
    if (!event.type.startsWith('channel.')) continue;
    const channelEvent = { type: event.type, data: event.data } as ChannelEvent;
    const channel = evolveChannel(byId.get(channelEvent.data.channelId) ?? null, channelEvent, event.sequence);
    byId.set(channel.channelId, channel);
    if (channelEvent.type !== 'channel.subscribers_added.v1') continue;
    for (const { userId } of channelEvent.data.subscribers) {
      const next = evolveUserSubscriptions(subscriptionsOf(userId), channelEvent, event.sequence);
      if (next) subscriptions.set(userId, next);
    }
  }
  const existing = new Map<string, ChannelState>([...byId.values()].map((c) => [normalizeChannelName(c.name), c]));
  return { existing, subscriptionsOf };
}

/** The reply of a redelivered command, from its events (what was not recorded answers empty). */
export function updateSubscriptionsReplyFrom(events: readonly { type: string; data: Record<string, unknown> }[]): Record<string, unknown> {
  return { ...subscribeReplyFrom(events), new_subscription_messages_sent: false, ...unsubscribeReplyFrom(events) };
}
