import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, type TestUser } from '@zulip-es/testing';

/** POST /register answers each fetch type's initial state as the matching GET endpoints show it. */
describe('POST /register initial state', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser({ label: 'register-state' });
  });

  const register = async (params: Record<string, unknown>) => {
    const res = await api('POST', '/register', { auth: user, params });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('answers realm_user: the people as GET /users shows them, and the caller’s own fields', async () => {
    const state = await register({ fetch_event_types: ['realm_user'], client_gravatar: false });
    const members = (await api('GET', '/users', { auth: user, params: { include_custom_profile_fields: true, client_gravatar: false } })).body.members as { is_active: boolean }[];
    expect(state.realm_users).toEqual(members.filter((m) => m.is_active));
    expect(state.realm_non_active_users).toEqual(members.filter((m) => !m.is_active));
    expect(state).toMatchObject({ user_id: user.userId, full_name: user.fullName, delivery_email: user.email, is_admin: false, is_owner: false, is_guest: false, is_moderator: false, cross_realm_bots: expect.any(Array) });
  });

  it('answers presence, keyed by user id with slim_presence', async () => {
    await api('POST', '/users/me/presence', { auth: user, params: { status: 'active' } });
    const state = await register({ fetch_event_types: ['presence'], slim_presence: true });
    expect(state).toMatchObject({ presences: expect.any(Object), server_timestamp: expect.any(Number), presence_last_update_id: expect.any(Number) });
    expect((state.presences as Record<string, unknown>)[String(user.userId)]).toEqual({ active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) });
  });

  it('answers subscription, message and user_topic from the messages service, and drafts always', async () => {
    const channelId = await createChannel({ subscribers: [user.userId] });
    const sent = await api('POST', '/messages', { auth: owner(), params: { type: 'stream', to: channelId, topic: 'state', content: 'latest' } });
    await api('POST', '/user_topics', { auth: user, params: { stream_id: channelId, topic: 'state', visibility_policy: 1 } });
    await api('POST', '/drafts', { auth: user, params: { drafts: [{ type: '', to: [], topic: '', content: 'kept' }] } });
    const state = await register({ fetch_event_types: ['subscription', 'message', 'user_topic'], include_subscribers: true });
    const listed = (await api('GET', '/users/me/subscriptions', { auth: user, params: { include_subscribers: true } })).body.subscriptions;
    expect(state.subscriptions).toEqual(listed);
    expect(state).toMatchObject({ unsubscribed: expect.any(Array), never_subscribed: expect.any(Array) });
    expect(state.max_message_id).toBeGreaterThanOrEqual(sent.body.id as number);
    expect(state.user_topics).toContainEqual({ stream_id: channelId, topic_name: 'state', last_updated: expect.any(Number), visibility_policy: 1 });
    expect(state.drafts).toEqual((await api('GET', '/drafts', { auth: user })).body.drafts);
    expect(state).not.toHaveProperty('realm_users');
  });

  it('answers streams as GET /streams shows every channel the caller may see, and realm_default_streams, none for guests', async () => {
    const [seenPrivate, unseenPrivate, madeDefault] = await Promise.all([createChannel({ subscribers: [user.userId], invite_only: true }), createChannel({ invite_only: true }), createChannel()]);
    expect((await api('POST', '/default_streams', { auth: owner(), params: { stream_id: madeDefault } })).status).toBe(200);
    try {
      const state = await register({ fetch_event_types: ['stream', 'default_streams'] });
      const listed = (await api('GET', '/streams', { auth: user, params: { include_all: true, include_web_public: true } })).body.streams as { stream_id: number }[];
      expect(state.streams).toEqual(listed);
      const ids = listed.map((s) => s.stream_id);
      expect(ids).toEqual(expect.arrayContaining([seenPrivate, madeDefault]));
      expect(ids).not.toContain(unseenPrivate);
      const all = (await api('GET', '/streams', { auth: owner(), params: { include_all: true, include_default: true } })).body.streams as { stream_id: number; is_default: boolean }[];
      expect(state.realm_default_streams).toEqual(all.filter((s) => s.is_default).map((s) => s.stream_id).sort((a, b) => a - b));
      expect(state.realm_default_streams).toContain(madeDefault);
      const guest = await createUser({ role: Role.GUEST, label: 'register-guest' });
      const guestState = (await api('POST', '/register', { auth: guest, params: { fetch_event_types: ['default_streams'] } })).body;
      expect(guestState.realm_default_streams).toEqual([]);
    } finally {
      await api('DELETE', '/default_streams', { auth: owner(), params: { stream_id: madeDefault } });
    }
  });
});
