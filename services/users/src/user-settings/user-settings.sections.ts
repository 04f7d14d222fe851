import type { RegisterContext, RegisterSection } from '../register/register-section';
import { realmUserSettingsDefaults, userSettings } from './user-setting';
import { AVAILABLE_NOTIFICATION_SOUNDS, EMOJISET_CHOICES } from './user-settings.rules';

/**
 * Settings Zulip reports beside the changeable ones but that this server does not let anyone
 * change yet: every user has Zulip's default for them.
 */
const FIXED_SETTINGS = {
  default_language: 'en',
  enable_login_emails: true,
  enable_marketing_emails: true,
  allow_private_data_export: false,
};

/** What a settings UI needs to offer the choices. */
const choices = () => ({
  available_notification_sounds: [...AVAILABLE_NOTIFICATION_SOUNDS],
  emojiset_choices: EMOJISET_CHOICES.map((e) => ({ ...e })),
});

/** Fetch type `realm_user_settings_defaults`: what new users' settings start from. */
export const realmUserSettingsDefaultsSection: RegisterSection = {
  fetchType: 'realm_user_settings_defaults',
  async state({ realm }) {
    return { realm_user_settings_defaults: { ...realmUserSettingsDefaults(realm), ...FIXED_SETTINGS, ...choices() } };
  },
};

/** Fetch type `user_settings`: the caller's own settings. */
export const userSettingsSection: RegisterSection = {
  fetchType: 'user_settings',
  async state({ actor }) {
    return { user_settings: { ...FIXED_SETTINGS, ...userSettings(actor), timezone: actor.timezone, ...choices() } };
  },
};

/** Zulip's `UserProfile.display_settings_legacy`, once top-level keys of `POST /register`. */
const LEGACY_DISPLAY_SETTINGS = [
  'color_scheme',
  'default_language',
  'web_home_view',
  'demote_inactive_streams',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
] as const;

/** Zulip's `UserProfile.notification_settings_legacy`, with `presence_enabled`. */
const LEGACY_NOTIFICATION_SETTINGS = [
  'desktop_icon_count_display',
  'email_notifications_batching_period_seconds',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'wildcard_mentions_notify',
] as const;

/** Clients declaring `user_settings_object` read `user_settings` only, and get none of the legacy keys (as in Zulip). */
const wantsLegacyKeys = (ctx: RegisterContext): boolean => ctx.params.client_capabilities?.user_settings_object !== true;

function ownSettings(ctx: RegisterContext, names: readonly string[]): Record<string, unknown> {
  const all: Record<string, unknown> = { ...userSettings(ctx.actor), ...FIXED_SETTINGS };
  return Object.fromEntries(names.map((name) => [name, all[name]]));
}

/** Legacy fetch type `update_display_settings`: the caller's display settings at the top level (older clients such as zulip-terminal read them there). */
export const legacyDisplaySettingsSection: RegisterSection = {
  fetchType: 'update_display_settings',
  async state(ctx) {
    if (!wantsLegacyKeys(ctx)) return {};
    return { ...ownSettings(ctx, LEGACY_DISPLAY_SETTINGS), emojiset_choices: choices().emojiset_choices, timezone: ctx.actor.timezone };
  },
};

/** Legacy fetch type `update_global_notifications`: the caller's notification settings at the top level. */
export const legacyNotificationSettingsSection: RegisterSection = {
  fetchType: 'update_global_notifications',
  async state(ctx) {
    if (!wantsLegacyKeys(ctx)) return {};
    return { ...ownSettings(ctx, LEGACY_NOTIFICATION_SETTINGS), available_notification_sounds: choices().available_notification_sounds };
  },
};
