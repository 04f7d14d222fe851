import type { ChannelReply, SubscriptionReply } from '@zulip-es/contracts';
import { streamDict, subscriptionFields, type SubscriptionSettings } from '@zulip-es/zulip-rules';
import type { ReadUser } from '../users-read-model/users-read-model';
import type { ChannelState } from './channel.state';
import type { SubscriptionState } from './user-subscriptions.state';

export interface ViewLookups {
  user(userId: number): ReadUser | undefined;
}

const isActiveIn =
  (lookups: ViewLookups) =>
  (userId: number): boolean =>
    lookups.user(userId)?.isActive === true;

/** Subscribers that count: deactivated users keep their subscriptions but are not shown. */
export const activeSubscriberIds = (lookups: ViewLookups, channel: ChannelState): number[] =>
  channel.subscriberIds.filter(isActiveIn(lookups));

/** Zulip's channel dict (`stream_to_dict`, feature level 420). */
export const streamView = (lookups: ViewLookups, channel: ChannelState): ChannelReply =>
  streamDict(channel, isActiveIn(lookups), activeSubscriberIds(lookups, channel).length);

/** Zulip's subscription dict: the channel plus the user's own settings of it. */
export const subscriptionView = (
  lookups: ViewLookups,
  channel: ChannelState,
  subscription: SubscriptionState,
  settings: SubscriptionSettings = {},
): SubscriptionReply => ({ ...streamView(lookups, channel), ...subscriptionFields(settings, subscription.color) });

/** Zulip sorts channel lists by name (code point order). */
export const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
