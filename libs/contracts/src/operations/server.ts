import { z } from 'zod';
import { RegisterReply, ServerSettingsReply } from './replies';
import { defineOperation } from './operation';
import {
  MAX_CLIENT_CAPABILITIES,
  MAX_EVENT_TYPE_LENGTH,
  MAX_KEY_LENGTH,
  MAX_NARROW_OPERAND_LENGTH,
  MAX_REGISTER_EVENT_TYPES,
  MAX_REGISTER_NARROW_TERMS,
} from '../limits';
import { boundedRecord } from '../bounded-record';

/** GET /server_settings: what a client needs before it logs in. */
export const getServerSettings = defineOperation({
  type: 'server.get_settings',
  method: 'GET',
  path: '/server_settings',
  service: 'users',
  kind: 'query',
  auth: 'none',
  params: z.object({}),
  reply: ServerSettingsReply,
  key: 'realm',
});

const EventTypes = z.array(z.string().max(MAX_EVENT_TYPE_LENGTH)).max(MAX_REGISTER_EVENT_TYPES);

/**
 * POST /register: the caller's event queue (created by the gateway, filled by the realtime
 * service) and the initial state of each requested fetch type.
 */
export const registerQueue = defineOperation({
  type: 'realm.register',
  method: 'POST',
  path: '/register',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({
    event_types: EventTypes.nullable().optional(),
    fetch_event_types: EventTypes.nullable().optional(),
    apply_markdown: z.boolean().default(false),
    client_gravatar: z.boolean().default(true),
    slim_presence: z.boolean().default(false),
    all_public_streams: z.boolean().default(false),
    include_subscribers: z.union([z.boolean(), z.literal('partial')]).default(false),
    /** `[operator, operand]` terms filtering the queue's message events. */
    narrow: z
      .array(z.tuple([z.string().max(MAX_NARROW_OPERAND_LENGTH), z.string().max(MAX_NARROW_OPERAND_LENGTH)]))
      .max(MAX_REGISTER_NARROW_TERMS)
      .default([]),
    /** Zulip's `check_dict(..., value_validator=check_bool)`. */
    client_capabilities: boundedRecord(MAX_KEY_LENGTH, z.boolean(), MAX_CLIENT_CAPABILITIES).optional(),
  }),
  reply: RegisterReply,
  key: 'actor',
});
