import { RealmSettings, type RealmCreatedV2 } from '@zulip-es/contracts';
import { REALM_CREATED_V1_SETTINGS } from '@zulip-es/zulip-rules';
import { ZULIP_DEFAULT_USER_SETTINGS } from '../user-settings/user-settings.rules';
import { evolveRealm, FIXED_REALM_SCALAR_SETTINGS, REALM_SCALAR_SETTINGS } from './realm.state';

const organization = {
  realmId: 1,
  name: 'Org',
  host: 'chat.example.com',
  url: 'https://chat.example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe("the organization's state from its creation event", () => {
  it('gives an organization of realm.created.v1 the settings such organizations always started with', () => {
    const realm = evolveRealm(null, { type: 'realm.created.v1', data: organization }, 1);
    expect(realm).toMatchObject({ ...organization, version: 1 });
    expect(realm.userSettingsDefaults).toBeUndefined();
    expect(realm.settings).toMatchObject({
      messageContentEditLimitSeconds: 600,
      messageRetentionDays: -1,
      topicsPolicy: 'allow_empty_topic',
      groups: { can_invite_users_group: 6, can_create_bots_group: 1, can_delete_any_message_group: 3 },
    });
  });

  it('takes every setting of realm.created.v2 from the event, under the names of realm.setting_changed.v1', () => {
    const settings: RealmSettings = {
      ...REALM_CREATED_V1_SETTINGS,
      message_content_edit_limit_seconds: null,
      message_retention_days: 30,
      topics_policy: 'disable_empty_topic',
      jitsi_server_url: 'https://meet.example.com',
      can_invite_users_group: { directMembers: [1], directSubgroups: [3] },
      direct_message_permission_group: 6,
    };
    const event: RealmCreatedV2 = {
      type: 'realm.created.v2',
      data: { ...organization, settings, userSettingsDefaults: { ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 3 } },
    };
    const realm = evolveRealm(null, event, 1);
    expect(realm.userSettingsDefaults).toEqual({ ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 3 });
    const scalars = { ...REALM_SCALAR_SETTINGS, ...FIXED_REALM_SCALAR_SETTINGS };
    for (const [name, key] of Object.entries(scalars))
      expect([name, realm.settings[key]]).toEqual([name, settings[name as keyof RealmSettings]]);
    for (const [name, value] of Object.entries(realm.settings.groups))
      expect([name, value]).toEqual([name, settings[name as keyof RealmSettings]]);
    // Every setting of the contract is kept somewhere: none is dropped on the way in.
    expect(Object.keys(scalars).length + Object.keys(realm.settings.groups).length).toBe(Object.keys(RealmSettings.shape).length);
  });
});
