import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_IDENTIFIER_LENGTH } from '../limits';
import { LegacyPresence, ModernPresence } from './replies';
import { defineOperation } from './operation';

/**
 * POST /users/me/presence: report the caller's presence and (unless `ping_only`) fetch
 * everyone's. `status` is a plain string so that a wrong value gets Zulip's own message,
 * `Invalid status: <value>`.
 */
export const updatePresence = defineOperation({
  type: 'presence.update',
  method: 'POST',
  path: '/users/me/presence',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({
    status: z.string().max(MAX_IDENTIFIER_LENGTH),
    last_update_id: z.int().optional(),
    history_limit_days: z.int().optional(),
    new_user_input: z.boolean().default(false),
    ping_only: z.boolean().default(false),
    slim_presence: z.boolean().default(false),
  }),
  reply: z.strictObject({
    presence_last_update_id: z.int().optional(),
    server_timestamp: z.number().optional(),
    presences: z.record(z.string(), z.union([ModernPresence, LegacyPresence])).optional(),
    zephyr_mirror_active: z.boolean().optional(),
  }),
  key: 'actor',
});

/** GET /realm/presence (E18): everyone's presence in the legacy format, keyed by API email. */
export const getRealmPresence = defineOperation({
  type: 'presence.get_realm',
  method: 'GET',
  path: '/realm/presence',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ server_timestamp: z.number(), presences: z.record(z.string(), LegacyPresence) }),
  key: 'actor',
});

/** GET /users/{user_id_or_email}/presence: one user's presence, in the legacy format, for bots and scripts. */
export const getUserPresence = defineOperation({
  type: 'presence.get_user',
  method: 'GET',
  path: '/users/{user_id_or_email}/presence',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({ user_id_or_email: z.string().max(MAX_EMAIL_LENGTH) }),
  reply: z.strictObject({ presence: z.record(z.string(), z.looseObject({ timestamp: z.int(), status: z.string() })) }),
  key: 'actor',
});
