import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { BooleanSubscriptionProperty } from '../subscription-settings';

const Subscription = { userId: UserId, channelId: z.number().int().positive() };

/**
 * A user changed one setting of their subscription to a channel (`POST
 * /users/me/subscriptions/properties`): `color` (as given, `#` and 3 to 6 hex digits) or one of
 * the boolean settings. `in_home_view` requests arrive as `is_muted` with the inverse value.
 */
export const SubscriptionPropertyChangedV1 = z.object({
  type: z.literal('subscription.property_changed.v1'),
  data: z.discriminatedUnion('property', [
    z.object({ ...Subscription, property: z.literal('color'), value: z.string() }),
    z.object({ ...Subscription, property: BooleanSubscriptionProperty, value: z.boolean() }),
  ]),
});
export type SubscriptionPropertyChangedV1 = z.infer<typeof SubscriptionPropertyChangedV1>;
