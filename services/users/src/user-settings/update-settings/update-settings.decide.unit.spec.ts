import { aUser } from '../../testing/users.fixtures';
import { ZULIP_DEFAULT_USER_SETTINGS } from '../user-settings.rules';
import { decideUpdateSettings } from './update-settings.decide';

describe("updating one's own settings (PATCH /settings)", () => {
  it("publishes one event per changed setting on the user's aggregate", () => {
    const actor = aUser({ userId: 9, version: 3 });
    expect(decideUpdateSettings({ presence_enabled: false, twenty_four_hour_time: true }, actor)).toEqual([
      {
        type: 'user.settings_changed.v1',
        aggregateId: 'user:9',
        sequence: 4,
        data: { userId: 9, property: 'presence_enabled', value: false },
      },
      {
        type: 'user.settings_changed.v1',
        aggregateId: 'user:9',
        sequence: 5,
        data: { userId: 9, property: 'twenty_four_hour_time', value: true },
      },
    ]);
  });

  it("compares with the user's own values, not the defaults", () => {
    const actor = aUser({ settings: { ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 3 } });
    expect(decideUpdateSettings({ color_scheme: 3 }, actor)).toEqual([]);
    expect(decideUpdateSettings({ color_scheme: 1 }, actor)).toHaveLength(1);
  });

  it('lets a user consent to the export of their private data, and withdraw it (no organization default)', () => {
    const actor = aUser({ userId: 9, version: 3 });
    const [given] = decideUpdateSettings({ allow_private_data_export: true }, actor);
    expect(given).toEqual({
      type: 'user.settings_changed.v1',
      aggregateId: 'user:9',
      sequence: 4,
      data: { userId: 9, property: 'allow_private_data_export', value: true },
    });
    expect(decideUpdateSettings({ allow_private_data_export: false }, actor)).toEqual([]);
    expect(
      decideUpdateSettings({ allow_private_data_export: false }, aUser({ settings: { allow_private_data_export: true } })),
    ).toHaveLength(1);
  });

  it('refuses bots', () => {
    expect(() => decideUpdateSettings({ enter_sends: true }, aUser({ isBot: true }))).toThrow(
      expect.objectContaining({ msg: 'This endpoint does not accept bot requests.' }),
    );
  });

  it('validates with the wording of this endpoint', () => {
    expect(() => decideUpdateSettings({ web_home_view: 'nowhere' }, aUser())).toThrow(
      expect.objectContaining({ msg: 'Invalid web_home_view: Value error, Not in the list of possible values' }),
    );
  });
});
