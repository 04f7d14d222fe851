import type { OwnUserSettings, UserSettingName, UserSettings } from '@zulip-es/contracts';

/**
 * Zulip's own defaults (zerver/models/users.py `UserBaseSettings`): what an organization's
 * defaults are until an administrator changes them, and what a user created before settings
 * existed has.
 */
export const ZULIP_DEFAULT_USER_SETTINGS: Readonly<UserSettings> = Object.freeze({
  starred_message_counts: true,
  receives_typing_notifications: true,
  web_suggest_update_timezone: true,
  fluid_layout_width: false,
  high_contrast_mode: false,
  web_mark_read_on_scroll_policy: 1,
  web_channel_default_view: 1,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  color_scheme: 1,
  enable_drafts_synchronization: true,
  translate_emoticons: false,
  display_emoji_reaction_users: true,
  web_home_view: 'inbox',
  web_escape_navigates_to_home_view: true,
  left_side_userlist: false,
  emojiset: 'google',
  demote_inactive_streams: 1,
  user_list_style: 3,
  web_animate_image_previews: 'on_hover',
  web_stream_unreads_count_display_policy: 2,
  hide_ai_features: false,
  web_left_sidebar_show_channel_folders: true,
  web_left_sidebar_unreads_count_summary: true,
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: 'zulip',
  enable_desktop_notifications: true,
  enable_sounds: true,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  email_notifications_batching_period_seconds: 120,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_digest_emails: true,
  message_content_in_email_notifications: true,
  pm_content_in_desktop_notifications: true,
  wildcard_mentions_notify: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  desktop_icon_count_display: 1,
  realm_name_in_email_notifications_policy: 1,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
  automatically_follow_topics_where_mentioned: true,
  resolved_topic_notice_auto_read_policy: 'except_followed',
  presence_enabled: true,
  enter_sends: false,
  twenty_four_hour_time: false,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
  send_read_receipts: true,
  email_address_visibility: 1,
  web_navigate_to_sent_message: true,
});

/** A user's own settings with no organization default, as Zulip's defaults have them. */
export const ZULIP_DEFAULT_OWN_USER_SETTINGS: Readonly<OwnUserSettings> = Object.freeze({
  ...ZULIP_DEFAULT_USER_SETTINGS,
  allow_private_data_export: false,
});

/** Integer settings that take one of a few values (Zulip's `check_int_in_validator`). */
export const ENUMERATED_INT_SETTINGS: Partial<Record<UserSettingName, readonly number[]>> = {
  web_mark_read_on_scroll_policy: [1, 2, 3],
  web_channel_default_view: [1, 2, 3, 4],
  color_scheme: [1, 2, 3],
  demote_inactive_streams: [1, 2, 3],
  user_list_style: [1, 2, 3],
  web_stream_unreads_count_display_policy: [1, 2, 3],
  desktop_icon_count_display: [1, 2, 3, 4],
  realm_name_in_email_notifications_policy: [1, 2, 3],
  automatically_follow_topics_policy: [1, 2, 3, 4],
  automatically_unmute_topics_in_muted_streams_policy: [1, 2, 3, 4],
  email_address_visibility: [1, 2, 3, 4, 5],
};

/** Integer settings with no list of values; Zulip stores them as positive small integers. */
export const FREE_INT_SETTINGS: Partial<Record<UserSettingName, { min: number; max: number }>> = {
  web_font_size_px: { min: 0, max: 32767 },
  web_line_height_percent: { min: 0, max: 32767 },
};

export const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
] as const;

/** String settings that take one of a few values. */
export const STRING_CHOICE_SETTINGS: Partial<Record<UserSettingName, readonly string[]>> = {
  web_home_view: ['recent_topics', 'inbox', 'all_messages'],
  web_animate_image_previews: ['always', 'on_hover', 'never'],
  emojiset: EMOJISET_CHOICES.map((e) => e.key),
  resolved_topic_notice_auto_read_policy: ['always', 'except_followed', 'never'],
};

/** The sounds Zulip ships (static/audio/notification_sounds/*.ogg), sorted; `none` is also accepted. */
export const AVAILABLE_NOTIFICATION_SOUNDS: readonly string[] = [
  'ascend',
  'beep_boop',
  'bink',
  'bright',
  'brlip',
  'chime',
  'deep tom',
  'ding',
  'double tap',
  'down',
  'dry bongos',
  'dutdut',
  'fast ascend',
  'flute',
  'friendly',
  'kick roll',
  'loud tintong',
  'metallic snare',
  'pan',
  'shaker',
  'simple',
  'stairs',
  'subtle',
  'swish',
  'tintong',
  'up',
  'wood block',
  'zaping',
  'zing',
  'zulip',
];

/** Zulip caps the email batching period at one week. */
export const MAX_EMAIL_BATCHING_PERIOD_SECONDS = 7 * 24 * 60 * 60;
