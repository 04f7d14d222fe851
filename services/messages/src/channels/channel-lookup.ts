import { badRequest } from '@zulip-es/platform';
import { hasBasicAccess } from './channel-access';
import type { ChannelsContext } from './channels-context';
import type { ChannelState } from './channel.state';
import { activeSubscription, type UserSubscriptionsState } from './user-subscriptions.state';

/**
 * Zulip's `access_stream_by_id`: the channel must exist, be active, and the caller must have
 * content access (or, when `requireContentAccess` is false, metadata access through their role
 * or the channel's groups). A channel the caller may not see answers exactly like a missing one.
 */
export function accessChannelById(
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>,
  channel: ChannelState | null,
  actorSubscriptions: UserSubscriptionsState,
  options: { requireContentAccess: boolean },
): ChannelState {
  const subscribed = channel !== null && activeSubscription(actorSubscriptions, channel.channelId) !== undefined;
  if (!channel || channel.isArchived || !hasBasicAccess(ctx, ctx.actor, channel, subscribed, options.requireContentAccess))
    throw badRequest('Invalid channel ID');
  return channel;
}

/** Zulip's `access_stream_by_name` (content access required). */
export function accessChannelByName(
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>,
  name: string,
  channel: ChannelState | null,
  actorSubscriptions: UserSubscriptionsState,
): ChannelState {
  const subscribed = channel !== null && activeSubscription(actorSubscriptions, channel.channelId) !== undefined;
  if (!channel || channel.isArchived || !hasBasicAccess(ctx, ctx.actor, channel, subscribed, true))
    throw badRequest(`Invalid channel name '${name}'`);
  return channel;
}
