import { z } from 'zod';

/**
 * A user's boolean settings of one subscription, by Zulip's names as stored (its `Subscription`
 * columns): the API's `in_home_view` is the legacy inverse of `is_muted`, stored as `is_muted`.
 */
export const BOOLEAN_SUBSCRIPTION_PROPERTIES = [
  'is_muted',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;
export const BooleanSubscriptionProperty = z.enum(BOOLEAN_SUBSCRIPTION_PROPERTIES);
export type BooleanSubscriptionProperty = z.infer<typeof BooleanSubscriptionProperty>;

/** Every stored setting of a subscription: its color and the boolean ones. */
export type SubscriptionProperty = 'color' | BooleanSubscriptionProperty;
