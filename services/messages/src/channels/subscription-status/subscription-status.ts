import { badRequest } from '@zulip-es/platform';
import { accessChannelById } from '../channel-lookup';
import type { ChannelsContext } from '../channels-context';
import type { ChannelState } from '../channel.state';
import { activeSubscription, type UserSubscriptionsState } from '../user-subscriptions.state';
import type { ReadUser } from '../../users-read-model/users-read-model';

export interface SubscriptionStatusState {
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>;
  /** The user `user_id` names, if this service knows them. */
  target: ReadUser | undefined;
  channel: ChannelState | null;
  actorSubscriptions: UserSubscriptionsState;
  targetSubscriptions: UserSubscriptionsState;
}

/**
 * Zulip's `get_subscription_backend`: the user must be an active human user (`access_user_by_id`
 * refuses bots as "No such user"), the channel one the caller may see (metadata access is
 * enough); then whether the user is subscribed to it.
 */
export function subscriptionStatus(state: SubscriptionStatusState): { is_subscribed: boolean } {
  const { target } = state;
  if (!target || target.isBot) throw badRequest('No such user');
  if (!target.isActive) throw badRequest('User is deactivated');
  const channel = accessChannelById(state.ctx, state.channel, state.actorSubscriptions, { requireContentAccess: false });
  return { is_subscribed: activeSubscription(state.targetSubscriptions, channel.channelId) !== undefined };
}
