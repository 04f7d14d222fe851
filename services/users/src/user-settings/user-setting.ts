import type { OwnUserSettingName, OwnUserSettings, UserSettings } from '@zulip-es/contracts';
import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';
import { ZULIP_DEFAULT_OWN_USER_SETTINGS, ZULIP_DEFAULT_USER_SETTINGS } from './user-settings.rules';

/** All of a user's settings; a user created before settings existed has Zulip's defaults. */
export const userSettings = (user: Pick<UserState, 'settings'>): OwnUserSettings => ({
  ...ZULIP_DEFAULT_OWN_USER_SETTINGS,
  ...user.settings,
});

/** One of a user's settings, e.g. `userSetting(user, 'presence_enabled')`. */
export const userSetting = <N extends OwnUserSettingName>(user: Pick<UserState, 'settings'>, name: N): OwnUserSettings[N] =>
  user.settings?.[name] ?? ZULIP_DEFAULT_OWN_USER_SETTINGS[name];

/** The settings a user joining now starts with: Zulip's defaults until an administrator changes them. */
export const realmUserSettingsDefaults = (realm: Pick<RealmState, 'userSettingsDefaults'>): UserSettings => ({
  ...ZULIP_DEFAULT_USER_SETTINGS,
  ...realm.userSettingsDefaults,
});
