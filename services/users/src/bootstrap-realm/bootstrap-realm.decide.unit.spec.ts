import { ALL_REALM_GROUP_SETTINGS, RealmCreatedV2, UserCreatedV2 } from '@zulip-es/contracts';
import { REALM_GROUP_SETTING_CONFIG, systemGroupId, type SystemGroupName } from '@zulip-es/zulip-rules';
import { decideBootstrapRealm } from './bootstrap-realm.decide';
import { NEW_REALM_SETTINGS, NEW_REALM_USER_SETTINGS_DEFAULTS } from './new-realm-settings';

const command = { realmName: 'Acme', ownerEmail: 'owner@example.com', ownerFullName: 'Owner', ownerPassword: 'a long passphrase 42' };
const credentials = { passwordHash: 'scrypt$x', apiKeySecret: 'x'.repeat(32) };
const decide = () =>
  decideBootstrapRealm(command, null, 'https://chat.example.com:8443/', credentials, new Date('2026-01-01T00:00:00.000Z'));

describe('creating the organization', () => {
  it('writes every setting the organization starts with into realm.created.v2', () => {
    const [created] = decide().events;
    expect(RealmCreatedV2.parse(created).data).toEqual({
      realmId: 1,
      name: 'Acme',
      host: 'chat.example.com:8443',
      url: 'https://chat.example.com:8443',
      createdAt: '2026-01-01T00:00:00.000Z',
      settings: NEW_REALM_SETTINGS,
      userSettingsDefaults: NEW_REALM_USER_SETTINGS_DEFAULTS,
    });
  });

  it("gives the owner the organization's user settings defaults", () => {
    const owner = UserCreatedV2.parse(decide().events.find((event) => event.type === 'user.created.v2'));
    expect(owner.data.settings).toEqual(NEW_REALM_USER_SETTINGS_DEFAULTS);
  });

  it('starts each group setting at the default group the server publishes for it', () => {
    for (const name of ALL_REALM_GROUP_SETTINGS) {
      const published = systemGroupId(REALM_GROUP_SETTING_CONFIG[name].defaultGroup as SystemGroupName);
      expect([name, NEW_REALM_SETTINGS[name]]).toEqual([name, published]);
    }
  });

  it('issues the credentials of the owner and of both system bots, the password only to the owner', () => {
    expect(decide().credentials.map(({ userId, passwordHash }) => ({ userId, passwordHash }))).toEqual([
      { userId: 1, passwordHash: 'scrypt$x' },
      { userId: 2, passwordHash: null },
      { userId: 3, passwordHash: null },
    ]);
  });

  it('does nothing when the organization exists', () => {
    const realm = { ...decide().events[0].data, settings: {}, version: 1 } as never;
    expect(decideBootstrapRealm(command, realm, 'https://x', credentials, new Date())).toEqual({ events: [], credentials: [] });
  });
});
