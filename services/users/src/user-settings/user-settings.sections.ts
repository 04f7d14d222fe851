import type { RegisterSection } from '../register/register-section';
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
    return { user_settings: { ...userSettings(actor), ...FIXED_SETTINGS, timezone: actor.timezone, ...choices() } };
  },
};
