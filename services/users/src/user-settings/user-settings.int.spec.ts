import { api, captureEvents, createUser, owner, systemInfo, type Credentials, type EventCapture } from '@zulip-es/testing';

/** Settings this file alone changes, so parallel test files never see or disturb them. */
const OWN = ['translate_emoticons', 'web_line_height_percent'] as const;

async function realmDefaults(auth: Credentials): Promise<Record<string, unknown>> {
  const res = await api('POST', '/register', { auth, params: { fetch_event_types: ['realm_user_settings_defaults'] } });
  return res.body.realm_user_settings_defaults as Record<string, unknown>;
}

describe('settings events', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('users');
  });
  afterAll(() => capture.stop());

  it('publishes one realm event per changed default, and none for an unchanged one', async () => {
    const before = await realmDefaults(owner());
    const changes = {
      translate_emoticons: !before.translate_emoticons,
      web_line_height_percent: (before.web_line_height_percent as number) + 7,
    };
    const ours = (e: { aggregateId: string; type: string; data: Record<string, unknown> }) =>
      e.aggregateId === 'realm' &&
      e.type === 'realm.user_settings_default_changed.v1' &&
      (OWN as readonly unknown[]).includes(e.data.property);
    try {
      const res = await api('PATCH', '/realm/user_settings_defaults', {
        auth: owner(),
        params: { ...changes, fluid_layout_width: before.fluid_layout_width },
      });
      expect(res.body).toEqual({ result: 'success', msg: '' });
      await capture.waitFor((e) => ours(e) && e.data.property === 'web_line_height_percent');
      expect(capture.events.filter(ours).map((e) => [e.data, e.actorId])).toEqual([
        [{ property: 'translate_emoticons', value: changes.translate_emoticons }, systemInfo().owner.userId],
        [{ property: 'web_line_height_percent', value: changes.web_line_height_percent }, systemInfo().owner.userId],
      ]);
      const realmEvents = capture.events.filter((e) => e.aggregateId === 'realm');
      expect(realmEvents.some((e) => e.type === 'realm.user_settings_default_changed.v1' && e.data.property === 'fluid_layout_width')).toBe(
        false,
      );

      await api('PATCH', '/realm/user_settings_defaults', { auth: owner(), params: changes });
      expect(await capture.settle((e) => ours(e))).toHaveLength(2);
    } finally {
      await api('PATCH', '/realm/user_settings_defaults', {
        auth: owner(),
        params: { translate_emoticons: before.translate_emoticons, web_line_height_percent: before.web_line_height_percent },
      });
    }
  });

  it("publishes a user event per changed setting of the caller's own", async () => {
    const user = await createUser({ label: 'settings-events' });
    const mine = (await api('POST', '/register', { auth: user, params: { fetch_event_types: ['user_settings'] } })).body
      .user_settings as Record<string, unknown>;
    const emojiset = mine.emojiset === 'twitter' ? 'text' : 'twitter';
    const res = await api('PATCH', '/settings', {
      auth: user,
      params: { presence_enabled: !mine.presence_enabled, enter_sends: mine.enter_sends, emojiset },
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const ofUser = (e: { aggregateId: string; type: string }) =>
      e.aggregateId === `user:${user.userId}` && e.type === 'user.settings_changed.v1';
    await capture.waitFor((e) => ofUser(e) && e.data.property === 'presence_enabled');
    expect(capture.events.filter(ofUser).map((e) => [e.data, e.actorId])).toEqual([
      [{ userId: user.userId, property: 'emojiset', value: emojiset }, user.userId],
      [{ userId: user.userId, property: 'presence_enabled', value: !mine.presence_enabled }, user.userId],
    ]);
  });
});
