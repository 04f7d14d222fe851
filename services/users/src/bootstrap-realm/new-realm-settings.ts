import type { RealmSettings, UserSettings } from '@zulip-es/contracts';
import { REALM_CREATED_V1_SETTINGS } from '@zulip-es/zulip-rules';
import { ZULIP_DEFAULT_USER_SETTINGS } from '../user-settings/user-settings.rules';

/**
 * What a new organization starts with, written into its `realm.created.v2`. Today's defaults are
 * those the first organizations started with; a changed default is spelled out here, never in
 * `REALM_CREATED_V1_SETTINGS`, which says what older events meant.
 */
export const NEW_REALM_SETTINGS: Readonly<RealmSettings> = REALM_CREATED_V1_SETTINGS;

/** What the users of a new organization start with until an administrator changes the defaults. */
export const NEW_REALM_USER_SETTINGS_DEFAULTS: Readonly<UserSettings> = ZULIP_DEFAULT_USER_SETTINGS;
