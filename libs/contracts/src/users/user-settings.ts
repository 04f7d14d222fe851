import { z } from 'zod';
import { MAX_IDENTIFIER_LENGTH } from '../limits';

/** A setting taken as one of a few names (checked by the users service). */
const SettingName = z.string().max(MAX_IDENTIFIER_LENGTH);

/**
 * Zulip's personal preference settings that an organization can give defaults for
 * (`PATCH /realm/user_settings_defaults`) and that each user changes for themselves
 * (`PATCH /settings`), with their wire types. Which values each one accepts is the users
 * service's rule; here only the shape.
 */
export const UserSettings = z.object({
  starred_message_counts: z.boolean(),
  receives_typing_notifications: z.boolean(),
  web_suggest_update_timezone: z.boolean(),
  fluid_layout_width: z.boolean(),
  high_contrast_mode: z.boolean(),
  web_mark_read_on_scroll_policy: z.int(),
  web_channel_default_view: z.int(),
  web_font_size_px: z.int(),
  web_line_height_percent: z.int(),
  color_scheme: z.int(),
  enable_drafts_synchronization: z.boolean(),
  translate_emoticons: z.boolean(),
  display_emoji_reaction_users: z.boolean(),
  web_home_view: SettingName,
  web_escape_navigates_to_home_view: z.boolean(),
  left_side_userlist: z.boolean(),
  emojiset: SettingName,
  demote_inactive_streams: z.int(),
  user_list_style: z.int(),
  web_animate_image_previews: SettingName,
  web_stream_unreads_count_display_policy: z.int(),
  hide_ai_features: z.boolean(),
  web_left_sidebar_show_channel_folders: z.boolean(),
  web_left_sidebar_unreads_count_summary: z.boolean(),
  enable_stream_desktop_notifications: z.boolean(),
  enable_stream_email_notifications: z.boolean(),
  enable_stream_push_notifications: z.boolean(),
  enable_stream_audible_notifications: z.boolean(),
  notification_sound: SettingName,
  enable_desktop_notifications: z.boolean(),
  enable_sounds: z.boolean(),
  enable_followed_topic_desktop_notifications: z.boolean(),
  enable_followed_topic_email_notifications: z.boolean(),
  enable_followed_topic_push_notifications: z.boolean(),
  enable_followed_topic_audible_notifications: z.boolean(),
  email_notifications_batching_period_seconds: z.int(),
  enable_offline_email_notifications: z.boolean(),
  enable_offline_push_notifications: z.boolean(),
  enable_online_push_notifications: z.boolean(),
  enable_digest_emails: z.boolean(),
  message_content_in_email_notifications: z.boolean(),
  pm_content_in_desktop_notifications: z.boolean(),
  wildcard_mentions_notify: z.boolean(),
  enable_followed_topic_wildcard_mentions_notify: z.boolean(),
  desktop_icon_count_display: z.int(),
  realm_name_in_email_notifications_policy: z.int(),
  automatically_follow_topics_policy: z.int(),
  automatically_unmute_topics_in_muted_streams_policy: z.int(),
  automatically_follow_topics_where_mentioned: z.boolean(),
  resolved_topic_notice_auto_read_policy: SettingName,
  presence_enabled: z.boolean(),
  enter_sends: z.boolean(),
  twenty_four_hour_time: z.boolean(),
  send_private_typing_notifications: z.boolean(),
  send_stream_typing_notifications: z.boolean(),
  send_read_receipts: z.boolean(),
  email_address_visibility: z.int(),
  web_navigate_to_sent_message: z.boolean(),
});
export type UserSettings = z.infer<typeof UserSettings>;

/**
 * Every setting a user changes for themselves (`PATCH /settings`): the ones above, and those an
 * organization gives no default for (Zulip's `RealmUserDefault` has no such field).
 */
export const OwnUserSettings = UserSettings.extend({
  /** Whether administrators may export the user's private data (Zulip's default: no). */
  allow_private_data_export: z.boolean(),
});
export type OwnUserSettings = z.infer<typeof OwnUserSettings>;
export const OwnUserSettingsPatch = OwnUserSettings.partial();
export type OwnUserSettingsPatch = z.infer<typeof OwnUserSettingsPatch>;
export const OwnUserSettingName = OwnUserSettings.keyof();
export type OwnUserSettingName = z.infer<typeof OwnUserSettingName>;

/** Some of the settings, as a request sends them: every one optional. */
export const UserSettingsPatch = UserSettings.partial();
export type UserSettingsPatch = z.infer<typeof UserSettingsPatch>;

export const UserSettingName = UserSettings.keyof();
export type UserSettingName = z.infer<typeof UserSettingName>;

/** The value of any one setting. */
export const UserSettingValue = z.union([z.boolean(), z.int(), z.string()]);
export type UserSettingValue = z.infer<typeof UserSettingValue>;
