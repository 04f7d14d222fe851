import { z } from 'zod';
import { MAX_IDENTIFIER_LENGTH } from '../limits';
import { MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH } from './invites';
import { Role } from '../roles';
import { GroupSettingChange, GroupSettingValue, REALM_GROUP_SETTINGS } from '../users/group-setting-value';
import { idReply } from './replies';
import { defineOperation } from './operation';

/** Seconds, or `"unlimited"` for no limit (Zulip's `Json[int | str]`, checked by the service). */
const TimeLimit = z.union([z.int(), z.string().max(MAX_IDENTIFIER_LENGTH)]);

/** Zulip's Realm.MAX_REALM_NAME_LENGTH and MAX_REALM_DESCRIPTION_LENGTH. */
export const MAX_REALM_NAME_LENGTH = 40;
export const MAX_REALM_DESCRIPTION_LENGTH = 1000;

/**
 * What PATCH /realm answers: each setting it changed with its new value, the texts (`name`,
 * `description`) as `"updated"` and group settings in the API's form, as Zulip answers.
 */
const RealmUpdateReply = z.strictObject({
  name: z.literal('updated').optional(),
  description: z.literal('updated').optional(),
  allow_message_editing: z.boolean().optional(),
  inline_image_preview: z.boolean().optional(),
  enable_read_receipts: z.boolean().optional(),
  moderation_request_channel_id: z.int().optional(),
  message_content_edit_limit_seconds: z.int().nullable().optional(),
  move_messages_within_stream_limit_seconds: z.int().nullable().optional(),
  move_messages_between_streams_limit_seconds: z.int().nullable().optional(),
  message_edit_history_visibility_policy: z.int().optional(),
  ...Object.fromEntries(REALM_GROUP_SETTINGS.map((name) => [name, GroupSettingValue.optional()])),
});

/**
 * PATCH /realm: organization settings, administrators only (a few settings owners only). Only
 * changed settings produce events; the reply lists them as Zulip does.
 */
export const updateRealm = defineOperation({
  type: 'realm.update',
  method: 'PATCH',
  path: '/realm',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({
    name: z.string().max(MAX_REALM_NAME_LENGTH).optional(),
    description: z.string().max(MAX_REALM_DESCRIPTION_LENGTH).optional(),
    allow_message_editing: z.boolean().optional(),
    inline_image_preview: z.boolean().optional(),
    enable_read_receipts: z.boolean().optional(),
    /** A channel id, or -1 to turn message reports off. */
    moderation_request_channel_id: z.int().optional(),
    message_content_edit_limit_seconds: TimeLimit.optional(),
    move_messages_within_stream_limit_seconds: TimeLimit.optional(),
    move_messages_between_streams_limit_seconds: TimeLimit.optional(),
    /** "all", "moves" or "none" (checked by the service, as Zulip's `parse_enum_from_string_value`). */
    message_edit_history_visibility_policy: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
    can_add_custom_emoji_group: GroupSettingChange.optional(),
    can_add_subscribers_group: GroupSettingChange.optional(),
    can_create_groups: GroupSettingChange.optional(),
    can_create_private_channel_group: GroupSettingChange.optional(),
    can_create_public_channel_group: GroupSettingChange.optional(),
    can_invite_users_group: GroupSettingChange.optional(),
    can_manage_all_groups: GroupSettingChange.optional(),
    can_mention_many_users_group: GroupSettingChange.optional(),
    can_move_messages_between_channels_group: GroupSettingChange.optional(),
    can_move_messages_between_topics_group: GroupSettingChange.optional(),
    can_resolve_topics_group: GroupSettingChange.optional(),
    create_multiuse_invite_group: GroupSettingChange.optional(),
  }),
  reply: RealmUpdateReply,
  key: 'realm',
});

/**
 * POST /realm/test_welcome_bot_custom_message → `{message_id}`: the Welcome Bot sends the caller
 * the custom welcome text as new users would get it. Sent by the messages service.
 */
export const testWelcomeBotCustomMessage = defineOperation({
  type: 'realm.test_welcome_bot_custom_message',
  method: 'POST',
  path: '/realm/test_welcome_bot_custom_message',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ welcome_message_custom_text: z.string().max(MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH) }),
  reply: idReply('message_id'),
  key: 'realm',
});
