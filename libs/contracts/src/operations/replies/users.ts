import { z } from 'zod';

/** A user's value of one custom profile field (`rendered_value` for fields rendered as Markdown). */
export const ProfileDataValue = z.strictObject({ value: z.string(), rendered_value: z.string().optional() });

/**
 * Zulip's `User` (`GET /users`, `realm_users`): `bot_type` and `bot_owner_id` only for bots,
 * `profile_data` only for users that are not (as Zulip's `format_user_row` answers).
 */
export const UserReply = z.strictObject({
  user_id: z.int(),
  delivery_email: z.string().nullable(),
  email: z.string(),
  full_name: z.string(),
  date_joined: z.string(),
  is_active: z.boolean(),
  is_owner: z.boolean(),
  is_admin: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  bot_type: z.int().nullable().optional(),
  bot_owner_id: z.int().nullable().optional(),
  role: z.int(),
  timezone: z.string(),
  avatar_url: z.string().nullable(),
  avatar_version: z.int(),
  is_imported_stub: z.boolean().optional(),
  profile_data: z.record(z.string(), ProfileDataValue).optional(),
});

/** Zulip's `CustomProfileField`: `display_in_profile_summary` only when true, `field_data` JSON-encoded. */
export const CustomProfileFieldReply = z.strictObject({
  id: z.int(),
  type: z.int(),
  order: z.int(),
  name: z.string(),
  hint: z.string(),
  field_data: z.string().optional(),
  display_in_profile_summary: z.boolean().optional(),
  required: z.boolean(),
  editable_by_user: z.boolean(),
});

/** Zulip's `UserStatus`: only the fields that are set. */
export const UserStatusReply = z.strictObject({
  away: z.boolean().optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']).optional(),
});

/** One client's presence in Zulip's legacy format, keyed by client name and `aggregated` (which has no `pushable`). */
export const LegacyClientPresence = z.strictObject({
  client: z.string(),
  status: z.enum(['idle', 'active']),
  timestamp: z.int(),
  pushable: z.boolean().optional(),
});
export const LegacyPresence = z.record(z.string(), LegacyClientPresence);
export type LegacyPresence = z.output<typeof LegacyPresence>;

/** Zulip's modern presence format (`slim_presence`), keyed by user id. */
export const ModernPresence = z.strictObject({ active_timestamp: z.int(), idle_timestamp: z.int() });
export type ModernPresence = z.output<typeof ModernPresence>;

/** `GET /users/me`: the caller's own user, without the bot fields, with the newest message id. */
export const OwnUserReply = z.strictObject({
  ...UserReply.omit({ bot_type: true, bot_owner_id: true, is_imported_stub: true }).shape,
  max_message_id: z.int(),
});

export type UserReply = z.output<typeof UserReply>;
export type CustomProfileFieldReply = z.output<typeof CustomProfileFieldReply>;
export type UserStatusReply = z.output<typeof UserStatusReply>;
export type OwnUserReply = z.output<typeof OwnUserReply>;
