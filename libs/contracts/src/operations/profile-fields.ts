import { z } from 'zod';
import { boundedRecord } from '../bounded-record';
import { MAX_IDS_PER_REQUEST, MAX_KEY_LENGTH, TEXT_INPUT_FACTOR } from '../limits';
import { Role } from '../roles';
import { PROFILE_FIELD_HINT_MAX_LENGTH, PROFILE_FIELD_NAME_MAX_LENGTH } from '../users/profile-field-types';
import { CustomProfileFieldReply, EmptyReply, idReply } from './replies';
import { defineOperation } from './operation';

const FieldId = z.int();
/**
 * Zulip's `field_data`: a dict (a select field's options, an external account's subtype and URL
 * pattern); its content is checked per field type by the users service. Bounded here in keys; its
 * values' size is bounded by the request body's.
 */
const MAX_FIELD_DATA_KEYS = 1000;
const FieldData = boundedRecord(MAX_KEY_LENGTH, z.unknown(), MAX_FIELD_DATA_KEYS);
/** Checked in Zulip's order, with its messages, by the service (see TEXT_INPUT_FACTOR). */
const Name = z.string().max(PROFILE_FIELD_NAME_MAX_LENGTH * TEXT_INPUT_FACTOR);
const Hint = z.string().max(PROFILE_FIELD_HINT_MAX_LENGTH * TEXT_INPUT_FACTOR);

/** GET /realm/profile_fields: the organization's profile form, in display order. */
export const getCustomProfileFields = defineOperation({
  type: 'custom_profile_field.list',
  method: 'GET',
  path: '/realm/profile_fields',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ custom_fields: z.array(CustomProfileFieldReply) }),
  key: 'actor',
});

/** POST /realm/profile_fields (E7). Length caps are checked in Zulip's order by the service, not here. */
export const createCustomProfileField = defineOperation({
  type: 'custom_profile_field.create',
  method: 'POST',
  path: '/realm/profile_fields',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({
    field_type: z.int(),
    name: Name.default(''),
    hint: Hint.default(''),
    field_data: FieldData.default({}),
    display_in_profile_summary: z.boolean().default(false),
    required: z.boolean().default(false),
    editable_by_user: z.boolean().default(true),
  }),
  reply: idReply('id'),
  key: 'realm',
});

/** PATCH /realm/profile_fields/{field_id}: only what is sent changes. */
export const updateCustomProfileField = defineOperation({
  type: 'custom_profile_field.update',
  method: 'PATCH',
  path: '/realm/profile_fields/{field_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({
    field_id: FieldId,
    name: Name.optional(),
    hint: Hint.optional(),
    field_data: FieldData.optional(),
    display_in_profile_summary: z.boolean().optional(),
    required: z.boolean().optional(),
    editable_by_user: z.boolean().optional(),
  }),
  reply: EmptyReply,
  key: 'realm',
});

/** DELETE /realm/profile_fields/{field_id}: the field and every user's value for it. */
export const deleteCustomProfileField = defineOperation({
  type: 'custom_profile_field.delete',
  method: 'DELETE',
  path: '/realm/profile_fields/{field_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ field_id: FieldId }),
  reply: EmptyReply,
  key: 'realm',
});

/** PATCH /realm/profile_fields: `order` lists every field id in the new order. */
export const reorderCustomProfileFields = defineOperation({
  type: 'custom_profile_field.reorder',
  method: 'PATCH',
  path: '/realm/profile_fields',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ order: z.array(z.int()).max(MAX_IDS_PER_REQUEST) }),
  reply: EmptyReply,
  key: 'realm',
});
