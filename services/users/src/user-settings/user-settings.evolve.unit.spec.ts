import { Role } from '@zulip-es/contracts';
import { evolveRealm } from '../domain/realm.state';
import { evolveUser } from '../domain/user.state';
import { aRealm, aUser } from '../testing/users.fixtures';
import { realmUserSettingsDefaults, userSetting, userSettings } from './user-setting';
import { ZULIP_DEFAULT_USER_SETTINGS } from './user-settings.rules';

describe('settings in the realm and user states', () => {
  it("starts from Zulip's defaults when nothing was ever changed", () => {
    expect(realmUserSettingsDefaults(aRealm())).toEqual(ZULIP_DEFAULT_USER_SETTINGS);
    expect(userSettings(aUser())).toEqual({ ...ZULIP_DEFAULT_USER_SETTINGS, allow_private_data_export: false });
    expect(userSetting(aUser(), 'presence_enabled')).toBe(true);
  });

  it('keeps a changed organization default and the realm version', () => {
    const realm = evolveRealm(
      aRealm({ version: 2 }),
      { type: 'realm.user_settings_default_changed.v1', data: { property: 'color_scheme', value: 3 } },
      3,
    );
    expect(realm.version).toBe(3);
    expect(realmUserSettingsDefaults(realm)).toEqual({ ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 3 });
  });

  it('applies a change of an organization setting PATCH /realm does not change yet, as a later release may send', () => {
    const realm = evolveRealm(
      aRealm({ version: 2 }),
      { type: 'realm.setting_changed.v1', data: { property: 'message_retention_days', value: 30 } },
      3,
    );
    expect(realm.settings).toMatchObject({ messageRetentionDays: 30, waitingPeriodThreshold: 0 });
    const group = evolveRealm(realm, { type: 'realm.setting_changed.v1', data: { property: 'can_delete_any_message_group', value: 4 } }, 4);
    expect(group.settings.groups).toMatchObject({ can_delete_any_message_group: 4, can_create_bots_group: 1 });
  });

  it('gives a created user the settings the event carries', () => {
    const settings = { ...ZULIP_DEFAULT_USER_SETTINGS, enter_sends: true };
    const user = evolveUser(
      null,
      {
        type: 'user.created.v1',
        data: {
          userId: 4,
          realmId: 1,
          deliveryEmail: 'a@example.com',
          fullName: 'A',
          role: Role.MEMBER,
          isBot: false,
          timezone: '',
          emailAddressVisibility: 1,
          dateJoined: '2026-01-01T00:00:00.000Z',
          passwordHash: null,
          apiKeyHash: 'b'.repeat(64),
          apiKeyNonce: 'n'.repeat(16),
          settings,
        },
      },
      1,
    );
    expect(userSetting(user, 'enter_sends')).toBe(true);
  });

  it("applies a user's own change, and mirrors email visibility into the field that decides the API email", () => {
    let user = evolveUser(
      aUser({ version: 1 }),
      { type: 'user.settings_changed.v1', data: { userId: 2, property: 'presence_enabled', value: false } },
      2,
    );
    user = evolveUser(user, { type: 'user.settings_changed.v1', data: { userId: 2, property: 'email_address_visibility', value: 4 } }, 3);
    expect(userSetting(user, 'presence_enabled')).toBe(false);
    expect(userSetting(user, 'email_address_visibility')).toBe(4);
    expect(user).toMatchObject({ emailAddressVisibility: 4, version: 3 });
  });
});
