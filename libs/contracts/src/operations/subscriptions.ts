import { z } from 'zod';
import { defineOperation } from './operation';

/** GET /users/{user_id}/subscriptions/{stream_id} → `{is_subscribed}`. */
export const getSubscriptionStatus = defineOperation({
  type: 'subscription.get_status',
  method: 'GET',
  path: '/users/{user_id}/subscriptions/{stream_id}',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ user_id: z.int(), stream_id: z.int() }),
  key: 'actor',
});
