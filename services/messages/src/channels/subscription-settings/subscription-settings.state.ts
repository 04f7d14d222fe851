import type { SubscriptionPropertyChangedV1 } from '@zulip-es/contracts';
import type { SubscriptionSettings } from '@zulip-es/zulip-rules';

/**
 * Every subscription setting one user changed (`subscription_settings:<userId>`): the aggregate
 * of their `subscription.property_changed.v1` events, decided on the user's key. Kept apart from
 * their subscriptions (written by channel events, decided on key `realm`), so that each document
 * has one writer; views lay these settings over the subscription. They outlive an unsubscription,
 * as Zulip's Subscription rows do: a user who subscribes again finds them.
 */
export interface UserSubscriptionSettingsState {
  userId: number;
  /** By channel id. */
  channels: Record<string, SubscriptionSettings>;
  version: number;
}

export const subscriptionSettingsId = (userId: number): string => `subscription_settings:${userId}`;

export const noSubscriptionSettings = (userId: number): UserSubscriptionSettingsState => ({ userId, channels: {}, version: 0 });

export const settingsOf = (state: UserSubscriptionSettingsState | null, channelId: number): SubscriptionSettings =>
  state?.channels[String(channelId)] ?? {};

/** Pure: the settings after one of the user's events, or null when the document has it already. */
export function evolveSubscriptionSettings(
  state: UserSubscriptionSettingsState,
  event: SubscriptionPropertyChangedV1,
  sequence: number,
): UserSubscriptionSettingsState | null {
  if (state.version >= sequence) return null;
  const { channelId, property, value } = event.data;
  const key = String(channelId);
  return { ...state, channels: { ...state.channels, [key]: { ...state.channels[key], [property]: value } }, version: sequence };
}
