import type { RenderContext } from '@zulip-es/zulip-markdown';
import type { OperationData, subscribe } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { canAddSubscribers, hasContentAccess } from '../channel-access';
import { checkChannelName, normalizeDescription } from '../channel-name';
import { resolvePrincipals, type ChannelsContext } from '../channels-context';
import type { ChannelState } from '../channel.state';
import {
  channelCreated,
  checkChannelCreationPermissions,
  checkNewChannelParams,
  checkRequestedSettings,
  INSUFFICIENT_PERMISSION,
  requestedSettings,
} from '../new-channel';
import { normalizeChannelName } from '../../projection/messages.repository';
import { namesByUser, planSubscriptions, channelRef, type ChannelRef } from '../subscription-plan';
import { DEFAULT_CHANNELS_AGGREGATE, type DefaultChannelsState } from '../default-channels.state';
import { activeSubscription, type UserSubscriptionsState } from '../user-subscriptions.state';
import { eventColor, HEX_COLOR } from '../stream-color';
import { NO_CHANNEL_FOLDERS, type ChannelFoldersState } from '../folders/channel-folders.state';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

export type Subscribe = OperationData<typeof subscribe>;

export interface SubscribeState {
  ctx: ChannelsContext;
  /** The requested channels that exist, by lower-case name. */
  existing: ReadonlyMap<string, ChannelState>;
  /** Subscriptions of the caller and of every known principal. */
  subscriptionsOf: (userId: number) => UserSubscriptionsState;
  lastChannelId: number;
  defaultChannels: DefaultChannelsState;
  /** The organization new channels' descriptions render with; absent: none (tests of other rules). */
  render?: RenderContext;
  /** The organization's channel folders, read when the request names one; absent: none. */
  folders?: ChannelFoldersState;
}

/**
 * Zulip's `add_subscriptions_backend`: channels named in `subscriptions` are looked up by name
 * (case-insensitively) and the missing ones created, if the caller may; the caller must have
 * access to existing ones (or they are `unauthorized` when errors are not fatal) and, to subscribe
 * others, the right to add subscribers to them. Then every principal is subscribed to every
 * channel. The notification bot's messages (new channel, "X subscribed you") are not sent yet.
 */
export function decideSubscribe(cmd: Subscribe, state: SubscribeState, now: Date, param = 'subscriptions'): MessagesDecision {
  const { ctx } = state;
  const { actor } = ctx;
  const colors = requestedColors(cmd.subscriptions, param);
  const options = checkNewChannelParams(ctx, actor, cmd, state.folders ?? NO_CHANNEL_FOLDERS);
  const requested = uniqueByName(cmd.subscriptions.map((s) => ({ name: s.name.trim(), description: normalizeDescription(s.description) })));
  for (const { name } of requested) checkChannelName(name);

  const existing = requested.flatMap((r) => state.existing.get(normalizeChannelName(r.name)) ?? []);
  const missing = requested.filter((r) => !state.existing.has(normalizeChannelName(r.name)));
  const settings = missing.length > 0 ? checkRequestedSettings(ctx, ctx, actor, requestedSettings(cmd), options) : null;
  if (missing.length > 0) checkChannelCreationPermissions(ctx, actor, options);

  // Zulip counts any email principal as "someone else", even the caller's own address.
  const principals = cmd.principals ?? [];
  const subscribingOthers = principals.length > 0 && !principals.every((p) => p === actor.userId);
  const accessible = existing.filter((c) =>
    hasContentAccess(ctx, actor, c, activeSubscription(state.subscriptionsOf(actor.userId), c.channelId) !== undefined),
  );
  const unauthorized = existing.filter((c) => !accessible.includes(c));
  if (unauthorized.length > 0 && cmd.authorization_errors_fatal) throw badRequest(`Unable to access channel (${unauthorized[0].name}).`);
  if (subscribingOthers && accessible.some((c) => !canAddSubscribers(ctx, actor, c))) throw badRequest(INSUFFICIENT_PERMISSION);

  const subscribers = subscribingOthers ? resolvePrincipals(ctx, principals) : [actor];

  const events: MessagesNewEvent[] = [];
  const created: ChannelRef[] = missing.map(({ name, description }, i) => {
    const channelId = state.lastChannelId + 1 + i;
    events.push(
      channelCreated({
        channelId,
        name,
        description,
        creatorId: actor.userId,
        now,
        options,
        settings: settings!,
        render: state.render ?? null,
      }),
    );
    return { channelId, name, version: 1 };
  });
  if (options.isDefaultStream && created.length > 0) {
    created.forEach((c, i) =>
      events.push({
        type: 'default_channel.added.v1',
        aggregateId: DEFAULT_CHANNELS_AGGREGATE,
        sequence: state.defaultChannels.version + 1 + i,
        data: { channelId: c.channelId },
      }),
    );
  }
  const channels = [...accessible.map(channelRef), ...created];
  const plan = planSubscriptions(
    channels,
    subscribers.map((u) => u.userId),
    state.subscriptionsOf,
    new Map(channels.flatMap((c) => (colors.has(c.name) ? [[c.channelId, colors.get(c.name)!] as const] : []))),
  );
  events.push(...plan.events);

  const reply: Record<string, unknown> = {
    subscribed: namesByUser(plan.subscribed),
    already_subscribed: namesByUser(plan.alreadySubscribed),
  };
  // Notification Bot messages do not exist yet, so none were sent.
  if (cmd.send_new_subscription_messages) reply.new_subscription_messages_sent = false;
  if (!cmd.authorization_errors_fatal) reply.unauthorized = unauthorized.map((c) => c.name);
  return { events, reply };
}

/**
 * The colors asked for new subscriptions, checked first as Zulip's `AddSubscriptionData` checks
 * them (named `add.color` whichever parameter carries them). Zulip looks them up by the name as
 * requested against the channel's name, so a color given with another spelling is not used.
 */
function requestedColors(requests: Subscribe['subscriptions'], param: string): Map<string, string> {
  const colors = new Map<string, string>();
  requests.forEach(({ name, color }, i) => {
    if (color === undefined) return;
    if (!HEX_COLOR.test(color)) throw badRequest(`Invalid ${param}[${i}]: Value error, add.color is not a valid hex color code`);
    const stored = eventColor(color);
    if (stored) colors.set(name, stored);
  });
  return colors;
}

/** Zulip creates a name requested twice once; the first spelling wins. */
function uniqueByName<T extends { name: string }>(items: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(normalizeChannelName(item.name))) seen.set(normalizeChannelName(item.name), item);
  return [...seen.values()];
}

/** The reply of a redelivered command, from its events: who was subscribed to what (the rest is not recorded). */
export function subscribeReplyFrom(events: readonly { type: string; data: Record<string, unknown> }[]): Record<string, unknown> {
  const pairs = events
    .filter((e) => e.type === 'channel.subscribers_added.v1')
    .flatMap((e) => {
      const data = e.data as { channelId: number; channelName: string; subscribers: { userId: number }[] };
      return data.subscribers.map((s) => ({
        userId: s.userId,
        channel: { channelId: data.channelId, name: data.channelName, version: 0 },
      }));
    });
  return { subscribed: namesByUser(pairs), already_subscribed: {} };
}
