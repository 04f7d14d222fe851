import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, systemInfo, type TestUser } from '@zulip-es/testing';

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
    const members = (await api('GET', '/users', { auth: user, params: { include_custom_profile_fields: true, client_gravatar: false } }))
      .body.members as { is_active: boolean }[];
    expect(state.realm_users).toEqual(members.filter((m) => m.is_active));
    expect(state.realm_non_active_users).toEqual(members.filter((m) => !m.is_active));
    expect(state).toMatchObject({
      user_id: user.userId,
      full_name: user.fullName,
      delivery_email: user.email,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      is_moderator: false,
      cross_realm_bots: expect.any(Array),
    });
  });

  it('answers presence, keyed by user id with slim_presence', async () => {
    await api('POST', '/users/me/presence', { auth: user, params: { status: 'active' } });
    const state = await register({ fetch_event_types: ['presence'], slim_presence: true });
    expect(state).toMatchObject({
      presences: expect.any(Object),
      server_timestamp: expect.any(Number),
      presence_last_update_id: expect.any(Number),
    });
    expect((state.presences as Record<string, unknown>)[String(user.userId)]).toEqual({
      active_timestamp: expect.any(Number),
      idle_timestamp: expect.any(Number),
    });
  });

  it('answers subscription, message and user_topic from the messages service, and drafts always', async () => {
    const channelId = await createChannel({ subscribers: [user.userId] });
    const sent = await api('POST', '/messages', {
      auth: owner(),
      params: { type: 'stream', to: channelId, topic: 'state', content: 'latest' },
    });
    await api('POST', '/user_topics', { auth: user, params: { stream_id: channelId, topic: 'state', visibility_policy: 1 } });
    await api('POST', '/drafts', { auth: user, params: { drafts: [{ type: '', to: [], topic: '', content: 'kept' }] } });
    const state = await register({ fetch_event_types: ['subscription', 'message', 'user_topic'], include_subscribers: true });
    const listed = (await api('GET', '/users/me/subscriptions', { auth: user, params: { include_subscribers: true } })).body.subscriptions;
    expect(state.subscriptions).toEqual(listed);
    expect(state).toMatchObject({ unsubscribed: expect.any(Array), never_subscribed: expect.any(Array) });
    expect(state.max_message_id).toBeGreaterThanOrEqual(sent.body.id as number);
    expect(state.user_topics).toContainEqual({
      stream_id: channelId,
      topic_name: 'state',
      last_updated: expect.any(Number),
      visibility_policy: 1,
    });
    expect(state.drafts).toEqual((await api('GET', '/drafts', { auth: user })).body.drafts);
    expect(state).not.toHaveProperty('realm_users');
  });

  it('answers streams as GET /streams shows every channel the caller may see, and realm_default_streams, none for guests', async () => {
    const [seenPrivate, unseenPrivate, madeDefault] = await Promise.all([
      createChannel({ subscribers: [user.userId], invite_only: true }),
      createChannel({ invite_only: true }),
      createChannel(),
    ]);
    expect((await api('POST', '/default_streams', { auth: owner(), params: { stream_id: madeDefault } })).status).toBe(200);
    try {
      const state = await register({ fetch_event_types: ['stream', 'default_streams'] });
      const listed = (await api('GET', '/streams', { auth: user, params: { include_all: true, include_web_public: true } })).body
        .streams as { stream_id: number }[];
      expect(state.streams).toEqual(listed);
      const ids = listed.map((s) => s.stream_id);
      expect(ids).toEqual(expect.arrayContaining([seenPrivate, madeDefault]));
      expect(ids).not.toContain(unseenPrivate);
      const all = (await api('GET', '/streams', { auth: owner(), params: { include_all: true, include_default: true } })).body.streams as {
        stream_id: number;
        is_default: boolean;
      }[];
      expect(state.realm_default_streams).toEqual(
        all
          .filter((s) => s.is_default)
          .map((s) => s.stream_id)
          .sort((a, b) => a - b),
      );
      expect(state.realm_default_streams).toContain(madeDefault);
      const guest = await createUser({ role: Role.GUEST, label: 'register-guest' });
      const guestState = (await api('POST', '/register', { auth: guest, params: { fetch_event_types: ['default_streams'] } })).body;
      expect(guestState.realm_default_streams).toEqual([]);
    } finally {
      await api('DELETE', '/default_streams', { auth: owner(), params: { stream_id: madeDefault } });
    }
  });

  it("answers the organization's real settings and the server's real parameters in realm", async () => {
    const state = await register({ fetch_event_types: ['realm'] });
    expect(state).toMatchObject({
      realm_message_retention_days: -1,
      realm_waiting_period_threshold: 0,
      realm_presence_disabled: false,
      realm_wildcard_mention_policy: 5,
      realm_can_mention_many_users_group: 3,
      realm_can_delete_any_message_group: 3,
      realm_can_delete_own_message_group: 7,
      realm_can_add_custom_emoji_group: 6,
      realm_topics_policy: 'allow_empty_topic',
      realm_mandatory_topics: false,
      realm_message_content_delete_limit_seconds: 600,
      realm_default_language: 'en',
      server_presence_ping_interval_seconds: 60,
      server_presence_offline_threshold_seconds: 140,
      realm_authentication_methods: { Email: { enabled: true, available: true } },
      realm_video_chat_provider: 0,
      realm_default_external_accounts: expect.objectContaining({
        github: expect.objectContaining({ url_pattern: 'https://github.com/%(username)s' }),
      }),
    });
    expect(state.realm_bot_domain).toBe(new URL(`http://${systemInfo().realmHost}`).hostname);
    expect(state.realm_date_created).toBeLessThanOrEqual(Date.now() / 1000);
    expect(new URL(state.server_emoji_data_url as string).origin).toBe(state.realm_url);
    expect(state.server_supported_permission_settings).toMatchObject({
      realm: {
        can_access_all_users_group: expect.objectContaining({
          require_system_group: true,
          allowed_system_groups: ['role:everyone', 'role:members'],
        }),
      },
      stream: { can_administer_channel_group: expect.objectContaining({ default_group_name: 'stream_creator_or_nobody' }) },
      group: {
        can_manage_group: expect.objectContaining({ default_group_name: 'group_creator', default_for_system_groups: 'role:nobody' }),
      },
    });
  });

  it('announces a long-poll timeout the gateway keeps: a GET /events with nothing to say answers well within it', async () => {
    const state = await register({ event_types: ['message'], fetch_event_types: ['realm'] });
    const timeout = state.event_queue_longpoll_timeout_seconds as number;
    expect(timeout).toBe(2 * Math.ceil(Number(systemInfo().env.EVENT_HEARTBEAT_MS) / 1000));
    const started = Date.now();
    const polled = await api('GET', '/events', { auth: user, params: { queue_id: state.queue_id, last_event_id: -1 } });
    expect(polled.body.events).toEqual([expect.objectContaining({ type: 'heartbeat' })]);
    expect(Date.now() - started).toBeLessThan((timeout * 1000) / 2 + 1000);
  });

  it('answers recent_private_conversations: each direct conversation with its newest message, the newest first', async () => {
    const [me, peer, third] = await Promise.all([createUser({ label: 'recent-dm' }), createUser(), createUser()]);
    const send = async (to: number[], auth: TestUser = me) =>
      (await api('POST', '/messages', { auth, params: { type: 'direct', to, content: 'hi' } })).body.id as number;
    await send([peer.userId]);
    const group = await send([peer.userId, third.userId]);
    const toSelf = await send([me.userId]);
    const fromPeer = await send([me.userId], peer);
    const state = (await api('POST', '/register', { auth: me, params: { fetch_event_types: ['recent_private_conversations'] } })).body;
    expect(state.recent_private_conversations).toEqual([
      { max_message_id: fromPeer, user_ids: [peer.userId] },
      { max_message_id: toSelf, user_ids: [] },
      { max_message_id: group, user_ids: [peer.userId, third.userId].sort((a, b) => a - b) },
    ]);
  });

  it('answers muted_topics in the legacy form, unless the client fetches user_topic too', async () => {
    const name = `muted-${Date.now()}`;
    const channelId = await createChannel({ name, subscribers: [user.userId] });
    await api('POST', '/messages', { auth: owner(), params: { type: 'stream', to: channelId, topic: 'quiet', content: 'x' } });
    await api('POST', '/user_topics', { auth: user, params: { stream_id: channelId, topic: 'quiet', visibility_policy: 1 } });
    await api('POST', '/user_topics', { auth: user, params: { stream_id: channelId, topic: 'followed', visibility_policy: 3 } });
    const state = await register({ fetch_event_types: ['muted_topics'] });
    expect((state.muted_topics as unknown[][]).filter(([channel]) => channel === name)).toEqual([[name, 'quiet', expect.any(Number)]]);
    expect(await register({ fetch_event_types: ['muted_topics', 'user_topic'] })).not.toHaveProperty('muted_topics');
    expect(await register({})).toHaveProperty('muted_topics');
  });

  it('answers realm_emoji, empty as no custom emoji can exist, and the legacy settings keys to clients without user_settings_object', async () => {
    expect((await api('PATCH', '/settings', { auth: user, params: { twenty_four_hour_time: true } })).status).toBe(200);
    const state = await register({ fetch_event_types: ['realm_emoji', 'update_display_settings', 'update_global_notifications'] });
    expect(state).toMatchObject({
      realm_emoji: {},
      twenty_four_hour_time: true,
      pm_content_in_desktop_notifications: true,
      emojiset_choices: expect.any(Array),
    });
    const modern = await register({ fetch_event_types: ['update_display_settings'], client_capabilities: { user_settings_object: true } });
    expect(modern).not.toHaveProperty('twenty_four_hour_time');
  });
});
