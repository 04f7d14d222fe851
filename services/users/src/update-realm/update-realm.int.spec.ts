import { api, captureEvents, createUser, owner, systemInfo, type EventCapture } from '@zulip-es/testing';

describe('PATCH /realm events', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('users');
  });
  afterAll(() => capture.stop());

  it('publishes one realm.setting_changed.v1 per changed setting, none for unchanged ones', async () => {
    // A value that grants exactly what the default grants, so tests running alongside are unaffected.
    const extra = await createUser();
    const equivalent = { direct_members: [extra.userId], direct_subgroups: [7] };
    const before = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm'] } });
    const unchanged = { allow_message_editing: before.body.realm_allow_message_editing };
    try {
      const res = await api('PATCH', '/realm', { auth: owner(), params: { ...unchanged, can_resolve_topics_group: { new: equivalent } } });
      expect(res.body).toEqual({ result: 'success', msg: '', can_resolve_topics_group: equivalent });
      const event = await capture.waitFor((e) => e.type === 'realm.setting_changed.v1' && e.data.property === 'can_resolve_topics_group');
      expect(event).toMatchObject({
        aggregateId: 'realm',
        actorId: systemInfo().owner.userId,
        data: { property: 'can_resolve_topics_group', value: { directMembers: [extra.userId], directSubgroups: [7] } },
      });
      await api('PATCH', '/realm', { auth: owner(), params: { can_resolve_topics_group: { new: equivalent } } });
      const again = await capture.settle(
        (e) => e.type === 'realm.setting_changed.v1' && e.sequence > event.sequence && e.data.property === 'can_resolve_topics_group',
      );
      expect(again).toEqual([]);
      expect(capture.events.some((e) => e.type === 'realm.setting_changed.v1' && e.data.property === 'allow_message_editing')).toBe(false);
    } finally {
      await api('PATCH', '/realm', { auth: owner(), params: { can_resolve_topics_group: { new: 7 } } });
    }
  });
});
