import { Role } from '@zulip-es/contracts';
import { aRealm, aUser } from '../../testing/users.fixtures';
import { ZULIP_DEFAULT_USER_SETTINGS } from '../user-settings.rules';
import { decideUpdateRealmUserSettingsDefaults } from './update-realm-user-settings-defaults.decide';

const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
const realm = aRealm({ version: 5 });

describe('updating the organization defaults for new users (E2)', () => {
  it('publishes one event per changed setting, in name order, after the realm version', () => {
    const events = decideUpdateRealmUserSettingsDefaults({ enter_sends: true, color_scheme: 2, emojiset: 'text' }, { realm, actor: admin });
    expect(events).toEqual([
      { type: 'realm.user_settings_default_changed.v1', aggregateId: 'realm', sequence: 6, data: { property: 'color_scheme', value: 2 } },
      { type: 'realm.user_settings_default_changed.v1', aggregateId: 'realm', sequence: 7, data: { property: 'emojiset', value: 'text' } },
      { type: 'realm.user_settings_default_changed.v1', aggregateId: 'realm', sequence: 8, data: { property: 'enter_sends', value: true } },
    ]);
  });

  it('publishes nothing for values equal to the current defaults', () => {
    const changed = aRealm({ userSettingsDefaults: { ...ZULIP_DEFAULT_USER_SETTINGS, web_font_size_px: 20 } });
    const events = decideUpdateRealmUserSettingsDefaults(
      { web_font_size_px: 20, emojiset: ZULIP_DEFAULT_USER_SETTINGS.emojiset, presence_enabled: true },
      { realm: changed, actor: admin },
    );
    expect(events).toEqual([]);
  });

  it('lets an owner change them', () => {
    expect(decideUpdateRealmUserSettingsDefaults({ enter_sends: true }, { realm, actor: aUser({ role: Role.OWNER }) })).toHaveLength(1);
  });

  it.each([Role.MODERATOR, Role.MEMBER, Role.GUEST])('refuses role %d', (role) => {
    expect(() => decideUpdateRealmUserSettingsDefaults({ enter_sends: true }, { realm, actor: aUser({ role }) })).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' }),
    );
  });

  it('validates before changing anything', () => {
    expect(() => decideUpdateRealmUserSettingsDefaults({ enter_sends: true, web_home_view: 'nowhere' }, { realm, actor: admin })).toThrow(
      expect.objectContaining({ msg: 'Invalid web_home_view' }),
    );
  });
});
