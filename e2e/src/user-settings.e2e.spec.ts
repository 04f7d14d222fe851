import { Role } from '@zulip-es/contracts';
import { api, createUser, owner, type Credentials, type Params } from '@zulip-es/testing';

/*
 * The organization is shared with every other test file: each test changes only settings that
 * no other test file reads, and puts back what it changed.
 */

type Settings = Record<string, unknown>;

async function register(auth: Credentials, fetchType: 'realm_user_settings_defaults' | 'user_settings'): Promise<Settings> {
  const res = await api('POST', '/register', { auth, params: { fetch_event_types: [fetchType] } });
  expect(res.status).toBe(200);
  return res.body[fetchType] as Settings;
}
const defaults = () => register(owner(), 'realm_user_settings_defaults');
const patchDefaults = (params: Params, auth: Credentials = owner()) => api('PATCH', '/realm/user_settings_defaults', { auth, params });

/** Runs `body`, then puts the named defaults back as they were. */
async function restoring(names: string[], body: (before: Settings) => Promise<void>): Promise<void> {
  const before = await defaults();
  try {
    await body(before);
  } finally {
    const res = await patchDefaults(Object.fromEntries(names.map((n) => [n, before[n]])));
    expect(res.status).toBe(200);
  }
}

describe('PATCH /realm/user_settings_defaults (E2)', () => {
  it('changes the defaults of every kind of setting, as POST /register then shows', async () => {
    const names = [
      'enable_stream_push_notifications',
      'demote_inactive_streams',
      'web_font_size_px',
      'web_animate_image_previews',
      'notification_sound',
    ];
    await restoring(names, async (before) => {
      const wanted = {
        enable_stream_push_notifications: !before.enable_stream_push_notifications,
        demote_inactive_streams: before.demote_inactive_streams === 3 ? 2 : 3,
        web_font_size_px: (before.web_font_size_px as number) + 1,
        web_animate_image_previews: before.web_animate_image_previews === 'never' ? 'always' : 'never',
        notification_sound: before.notification_sound === 'ding' ? 'chime' : 'ding',
      };
      const res = await patchDefaults(wanted);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'success', msg: '' });
      expect(await defaults()).toMatchObject(wanted);
    });
  });

  it.each<[string, Params, string]>([
    ['an enumerated integer', { color_scheme: 7 }, 'Invalid color_scheme: Value error, Not in the list of possible values'],
    [
      'an email visibility level',
      { email_address_visibility: 0 },
      'Invalid email_address_visibility: Value error, Not in the list of possible values',
    ],
    ['a home view', { web_home_view: 'stream' }, 'Invalid web_home_view'],
    ['an animation choice', { web_animate_image_previews: 'sometimes' }, 'Invalid web_animate_image_previews'],
    ['a resolved-topic policy', { resolved_topic_notice_auto_read_policy: 'maybe' }, 'Invalid resolved_topic_notice_auto_read_policy'],
    ['an emoji set', { emojiset: 'apple' }, 'Invalid emojiset: Value error, Not in the list of possible values'],
    ['a notification sound', { notification_sound: 'klaxon' }, "Invalid notification sound 'klaxon'"],
    ['a batching period of zero', { email_notifications_batching_period_seconds: 0 }, 'Invalid email batching period: 0 seconds'],
    [
      'a batching period over a week',
      { email_notifications_batching_period_seconds: 604801 },
      'Invalid email batching period: 604801 seconds',
    ],
    ['a negative font size', { web_font_size_px: -3 }, 'web_font_size_px is too small'],
    ['a boolean that is not one', { high_contrast_mode: '1' }, 'high_contrast_mode is not a boolean'],
    ['an integer that is not one', { user_list_style: '"2"' }, 'user_list_style is not an integer'],
    ['text that is not JSON', { starred_message_counts: 'yes' }, 'starred_message_counts is not valid JSON'],
  ])('refuses %s and changes nothing', async (_kind, bad, msg) => {
    const before = await defaults();
    const res = await patchDefaults({ high_contrast_mode: !before.high_contrast_mode, ...bad });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(await defaults()).toEqual(before);
  });

  it.each([
    ['an owner', Role.OWNER],
    ['an administrator', Role.ADMINISTRATOR],
  ])('lets %s change them', async (_who, role) => {
    const caller = role === Role.OWNER ? owner() : await createUser({ role, label: 'defaults-admin' });
    await restoring(['web_escape_navigates_to_home_view'], async (before) => {
      const res = await patchDefaults({ web_escape_navigates_to_home_view: !before.web_escape_navigates_to_home_view }, caller);
      expect(res.body).toEqual({ result: 'success', msg: '' });
      expect((await defaults()).web_escape_navigates_to_home_view).toBe(!before.web_escape_navigates_to_home_view);
    });
  });

  it.each([
    ['a moderator', Role.MODERATOR],
    ['a member', Role.MEMBER],
    ['a guest', Role.GUEST],
  ])('refuses %s with UNAUTHORIZED_PRINCIPAL', async (_who, role) => {
    const caller = await createUser({ role, label: 'defaults-refused' });
    const before = await defaults();
    const res = await patchDefaults({ web_escape_navigates_to_home_view: !before.web_escape_navigates_to_home_view }, caller);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expect(await defaults()).toEqual(before);
  });

  it('applies to users created afterwards, never to existing ones', async () => {
    await restoring(['emojiset', 'web_stream_unreads_count_display_policy'], async (before) => {
      const earlier = await createUser({ label: 'defaults-before' });
      const wanted = {
        emojiset: before.emojiset === 'text' ? 'google-blob' : 'text',
        web_stream_unreads_count_display_policy: before.web_stream_unreads_count_display_policy === 1 ? 3 : 1,
      };
      expect((await patchDefaults(wanted)).status).toBe(200);
      const later = await createUser({ label: 'defaults-after' });

      expect(await register(later, 'user_settings')).toMatchObject(wanted);
      expect(await register(earlier, 'user_settings')).toMatchObject({
        emojiset: before.emojiset,
        web_stream_unreads_count_display_policy: before.web_stream_unreads_count_display_policy,
      });
    });
  });

  it('reports dense_mode and unknown names as ignored parameters', async () => {
    const before = await defaults();
    const res = await patchDefaults({ dense_mode: true, not_a_setting: 1, default_language: 'de', enter_sends: before.enter_sends });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['default_language', 'dense_mode', 'not_a_setting'],
    });
    expect(await defaults()).toEqual(before);
  });
});

describe('POST /register settings sections', () => {
  it('answers the organization defaults with the choices a settings UI offers', async () => {
    const res = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm_user_settings_defaults'] } });
    expect(res.body.user_settings).toBeUndefined();
    const section = res.body.realm_user_settings_defaults as Settings;
    expect(section).toMatchObject({
      default_language: 'en',
      enable_login_emails: true,
      emojiset_choices: expect.arrayContaining([
        { key: 'google', text: 'Google' },
        { key: 'text', text: 'Plain text' },
      ]),
      available_notification_sounds: expect.arrayContaining(['ding', 'zulip']),
    });
    for (const name of [
      'presence_enabled',
      'color_scheme',
      'web_home_view',
      'resolved_topic_notice_auto_read_policy',
      'email_address_visibility',
    ]) {
      expect(section).toHaveProperty(name);
    }
    expect(section).not.toHaveProperty('dense_mode');
  });

  it("answers the caller's own settings with their time zone", async () => {
    const user = await createUser({ label: 'register-settings' });
    const mine = await register(user, 'user_settings');
    expect(mine).toMatchObject({ timezone: '', presence_enabled: expect.any(Boolean), emojiset_choices: expect.any(Array) });
  });
});

describe('PATCH /settings', () => {
  it("changes the caller's own settings only", async () => {
    const user = await createUser({ label: 'own-settings' });
    const other = await createUser({ label: 'own-settings-other' });
    const realmBefore = await defaults();
    const mine = await register(user, 'user_settings');
    const wanted = {
      presence_enabled: !mine.presence_enabled,
      color_scheme: mine.color_scheme === 2 ? 3 : 2,
      web_home_view: 'all_messages',
    };

    const res = await api('PATCH', '/settings', { auth: user, params: wanted });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect(await register(user, 'user_settings')).toMatchObject(wanted);
    expect(await register(other, 'user_settings')).toMatchObject({ presence_enabled: mine.presence_enabled });
    expect(await defaults()).toEqual(realmBefore);
  });

  it('is open to every role, guests included', async () => {
    const guest = await createUser({ role: Role.GUEST, label: 'own-settings-guest' });
    const res = await api('PATCH', '/settings', { auth: guest, params: { enter_sends: true } });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await register(guest, 'user_settings')).enter_sends).toBe(true);
  });

  it.each<[Params, string]>([
    [{ web_home_view: 'stream' }, 'Invalid web_home_view: Value error, Not in the list of possible values'],
    [{ user_list_style: 9 }, 'Invalid user_list_style: Value error, Not in the list of possible values'],
    [{ notification_sound: 'klaxon' }, "Invalid notification sound 'klaxon'"],
    [{ email_notifications_batching_period_seconds: -5 }, 'Invalid email batching period: -5 seconds'],
  ])('refuses %j and changes nothing', async (bad, msg) => {
    const user = await createUser({ label: 'own-settings-invalid' });
    const before = await register(user, 'user_settings');
    const res = await api('PATCH', '/settings', { auth: user, params: { enter_sends: !before.enter_sends, ...bad } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(await register(user, 'user_settings')).toEqual(before);
  });

  it('reports settings it does not take as ignored parameters', async () => {
    const user = await createUser({ label: 'own-settings-ignored' });
    const res = await api('PATCH', '/settings', { auth: user, params: { dense_mode: false, bogus: 'x' } });
    expect(res.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['bogus', 'dense_mode'] });
  });

  it('hides the real email from others once a user narrows their email visibility', async () => {
    const user = await createUser({ label: 'own-settings-visibility' });
    const member = await createUser({ label: 'own-settings-viewer' });
    expect((await api('PATCH', '/settings', { auth: user, params: { email_address_visibility: 4 } })).status).toBe(200);
    const seen = await api('GET', `/users/${user.userId}`, { auth: member });
    expect(seen.body.user).toMatchObject({ delivery_email: null });
    expect((seen.body.user as Settings).email).not.toBe(user.email);
  });
});
