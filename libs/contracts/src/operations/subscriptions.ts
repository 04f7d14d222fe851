import { z } from 'zod';
import { MAX_IDENTIFIER_LENGTH, MAX_SUBSCRIPTION_PROPERTY_CHANGES_PER_REQUEST } from '../limits';
import { EmptyReply } from './replies';
import { defineOperation } from './operation';

/** Pydantic's message for a field a nested object lacks (Zulip's `… field is missing: Field required`). */
const required = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? '{var_name} field is missing: Field required' : undefined),
};

/**
 * One change of `subscription_data` (Zulip's `SubscriptionPropertyChangeRequest`): its shape is
 * checked here, the property and its value by the service, with Zulip's messages.
 */
const SubscriptionPropertyChange = z.object({
  stream_id: z.int(required),
  property: z.string(required).max(MAX_IDENTIFIER_LENGTH),
  value: z.union([z.boolean(), z.string().max(MAX_IDENTIFIER_LENGTH)], required),
});

/**
 * POST /users/me/subscriptions/properties: the caller's own settings of their subscriptions
 * (color, muting, pinning, notifications). Keyed by the caller: these settings are their own
 * aggregate (`subscription_settings:<userId>`), decided beside the organization's channel and
 * subscription commands. Zulip answers only `ignored_parameters_unsupported` (feature level 111).
 */
export const updateSubscriptionProperties = defineOperation({
  type: 'subscription.update_properties',
  method: 'POST',
  path: '/users/me/subscriptions/properties',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ subscription_data: z.array(SubscriptionPropertyChange).max(MAX_SUBSCRIPTION_PROPERTY_CHANGES_PER_REQUEST) }),
  reply: EmptyReply,
  key: 'actor',
});

/** GET /users/{user_id}/subscriptions/{stream_id} → `{is_subscribed}`. */
export const getSubscriptionStatus = defineOperation({
  type: 'subscription.get_status',
  method: 'GET',
  path: '/users/{user_id}/subscriptions/{stream_id}',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ user_id: z.int(), stream_id: z.int() }),
  reply: z.strictObject({ is_subscribed: z.boolean() }),
  key: 'actor',
});
