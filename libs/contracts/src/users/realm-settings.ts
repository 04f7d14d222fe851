import { z } from 'zod';
import { ALL_REALM_GROUP_SETTINGS, GroupSettingEventValue, type RealmPermissionSetting } from './group-setting-value';

/** Zulip's `message_edit_history_visibility_policy` names: which `edit_history` entries messages show. */
export const MessageEditHistoryVisibilityPolicy = z.enum(['all', 'moves', 'none']);
export type MessageEditHistoryVisibilityPolicy = z.infer<typeof MessageEditHistoryVisibilityPolicy>;

/** Zulip's organization `topics_policy` names. */
export const RealmTopicsPolicy = z.enum(['allow_empty_topic', 'disable_empty_topic']);
export type RealmTopicsPolicy = z.infer<typeof RealmTopicsPolicy>;

const groupSettings = Object.fromEntries(ALL_REALM_GROUP_SETTINGS.map((name) => [name, GroupSettingEventValue])) as Record<
  RealmPermissionSetting,
  typeof GroupSettingEventValue
>;

/**
 * Every setting of an organization by Zulip's name (`GET /register`'s `realm_<name>`, `PATCH /realm`'s
 * parameter, `realm.setting_changed.v1`'s `property`), with the value it has: the organization's
 * whole state besides its name, host and URL. Null limits mean "no limit"; group settings are a
 * group id or `{directMembers, directSubgroups}`.
 */
export const RealmSettings = z.object({
  allow_message_editing: z.boolean(),
  message_content_edit_limit_seconds: z.int().nullable(),
  move_messages_within_stream_limit_seconds: z.int().nullable(),
  move_messages_between_streams_limit_seconds: z.int().nullable(),
  message_edit_history_visibility_policy: MessageEditHistoryVisibilityPolicy,
  description: z.string(),
  inline_image_preview: z.boolean(),
  enable_read_receipts: z.boolean(),
  /** -1: message reports are off. */
  moderation_request_channel_id: z.int(),
  avatar_changes_disabled: z.boolean(),
  default_code_block_language: z.string(),
  default_language: z.string(),
  digest_emails_enabled: z.boolean(),
  digest_weekday: z.int(),
  emails_restricted_to_domains: z.boolean(),
  enable_guest_user_dm_warning: z.boolean(),
  enable_guest_user_indicator: z.boolean(),
  enable_spectator_access: z.boolean(),
  inline_url_embed_preview: z.boolean(),
  invite_required: z.boolean(),
  jitsi_server_url: z.string().nullable(),
  message_content_allowed_in_email_notifications: z.boolean(),
  message_content_delete_limit_seconds: z.int().nullable(),
  /** -1: forever. */
  message_retention_days: z.int(),
  name_changes_disabled: z.boolean(),
  org_type: z.int(),
  require_e2ee_push_notifications: z.boolean(),
  require_unique_names: z.boolean(),
  topics_policy: RealmTopicsPolicy,
  waiting_period_threshold: z.int(),
  want_advertise_in_communities_directory: z.boolean(),
  welcome_message_custom_text: z.string(),
  ...groupSettings,
});
export type RealmSettings = z.infer<typeof RealmSettings>;
export type RealmSettingName = keyof RealmSettings;
