import type zulip from 'zulip-js';
import { Role } from '@zulip-es/contracts';
import { failed, newUserClient, ownerClient, succeeded } from './zulip-js-client';

/**
 * E2 `PATCH /realm/user_settings_defaults` and `PATCH /settings` as an application sends them
 * with zulip-js: parameters in the query string, booleans as `'true'`/`'false'`, and the values
 * read back from `queues.register`.
 *
 * The organization is shared: the default changed here (`twenty_four_hour_time`) is one no other
 * test file reads, and it is put back afterwards.
 */

type Settings = Record<string, unknown>;

async function registered(client: zulip.Client, fetchType: 'realm_user_settings_defaults' | 'user_settings'): Promise<Settings> {
  const state = succeeded(await client.queues.register({ fetch_event_types: [fetchType] }));
  return state[fetchType] as Settings;
}

describe('zulip-js: PATCH /realm/user_settings_defaults (E2)', () => {
  it('lets an administrator change a default that a user created afterwards starts with', async () => {
    const { client: admin } = await newUserClient({ role: Role.ADMINISTRATOR, label: 'zjs-defaults-admin' });
    const before = await registered(admin, 'realm_user_settings_defaults');
    const wanted = !before.twenty_four_hour_time;
    try {
      const res = succeeded(await admin.callEndpoint('/realm/user_settings_defaults', 'PATCH', { twenty_four_hour_time: String(wanted) }));
      expect(res).toEqual({ result: 'success', msg: '' });
      expect((await registered(admin, 'realm_user_settings_defaults')).twenty_four_hour_time).toBe(wanted);

      const { client: newcomer } = await newUserClient({ label: 'zjs-defaults-newcomer' });
      expect((await registered(newcomer, 'user_settings')).twenty_four_hour_time).toBe(wanted);
    } finally {
      succeeded(
        await admin.callEndpoint('/realm/user_settings_defaults', 'PATCH', { twenty_four_hour_time: String(before.twenty_four_hour_time) }),
      );
    }
  });

  it('refuses a member with UNAUTHORIZED_PRINCIPAL and changes nothing', async () => {
    const { client: member } = await newUserClient({ label: 'zjs-defaults-member' });
    const owner = await ownerClient();
    const before = await registered(owner, 'realm_user_settings_defaults');
    const refused = failed(
      await member.callEndpoint('/realm/user_settings_defaults', 'PATCH', { twenty_four_hour_time: String(!before.twenty_four_hour_time) }),
    );
    expect(refused).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expect((await registered(owner, 'realm_user_settings_defaults')).twenty_four_hour_time).toBe(before.twenty_four_hour_time);
  });

  it('answers a value out of range with Zulip’s message', async () => {
    const owner = await ownerClient();
    const refused = failed(await owner.callEndpoint('/realm/user_settings_defaults', 'PATCH', { color_scheme: 7 }));
    expect(refused).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid color_scheme: Value error, Not in the list of possible values',
    });
  });
});

describe('zulip-js: PATCH /settings', () => {
  it("changes the caller's own settings of every wire type, and nobody else's", async () => {
    const { client } = await newUserClient({ label: 'zjs-settings' });
    const { client: other } = await newUserClient({ label: 'zjs-settings-other' });
    const mine = await registered(client, 'user_settings');
    const wanted = {
      enter_sends: !mine.enter_sends,
      web_home_view: mine.web_home_view === 'inbox' ? 'recent_topics' : 'inbox',
      web_font_size_px: (mine.web_font_size_px as number) + 1,
    };

    const res = succeeded(await client.callEndpoint('/settings', 'PATCH', { ...wanted, enter_sends: String(wanted.enter_sends) }));
    expect(res).toEqual({ result: 'success', msg: '' });
    expect(await registered(client, 'user_settings')).toMatchObject(wanted);
    expect((await registered(other, 'user_settings')).enter_sends).toBe(mine.enter_sends);
  });

  it('refuses an unknown notification sound, and reports a setting it does not take as ignored', async () => {
    const { client } = await newUserClient({ label: 'zjs-settings-bad' });
    const refused = failed(await client.callEndpoint('/settings', 'PATCH', { notification_sound: 'klaxon' }));
    expect(refused).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: "Invalid notification sound 'klaxon'" });
    const ignored = succeeded(await client.callEndpoint('/settings', 'PATCH', { dense_mode: 'false', enter_sends: 'true' }));
    expect(ignored).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['dense_mode'] });
  });
});
