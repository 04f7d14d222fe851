import { api, createChannel, createUser, owner, type TestUser } from '@zulip-es/testing';
import { RegisterSchema } from './register-schema';

/**
 * Every fetch type this server answers in `POST /register`. Muted users and alert words
 * (`muted_users`, `alert_words`) join the list when they are answered.
 */
const SERVED_FETCH_TYPES = [
  'realm',
  'channel_folders',
  'scheduled_messages',
  'reminders',
  'realm_user_settings_defaults',
  'user_settings',
  'update_display_settings',
  'update_global_notifications',
  'navigation_views',
  'realm_linkifiers',
  'realm_filters',
  'custom_profile_fields',
  'realm_user_groups',
  'user_status',
  'realm_user',
  'presence',
  'realm_emoji',
  'subscription',
  'stream',
  'default_streams',
  'message',
  'user_topic',
  'muted_topics',
  'recent_private_conversations',
  'push_device',
  'message+update_message_flags',
  'starred_messages',
  'muted_users',
  'alert_words',
  'saved_snippets',
  'realm_playgrounds',
  'realm_bot',
  'realm_embedded_bots',
  'realm_incoming_webhook_bots',
  'default_stream_groups',
  'realm_domains',
  'stop_words',
  'onboarding_steps',
  'video_calls',
  'giphy',
  'realm_billing',
];

/** Keys answered whatever is fetched. */
const ALWAYS = ['queue_id', 'last_event_id', 'zulip_feature_level', 'zulip_version', 'zulip_merge_base', 'drafts'];

/** Keys the document lists that Zulip itself sends only in some cases, none of which this server has. */
const CONDITIONAL = new Set([
  // Only for a demo organization.
  'demo_organization_scheduled_deletion_date',
  // Only for requests naming a parameter the endpoint does not know.
  'ignored_parameters_unsupported',
  // Documented at the top level, but Zulip sends it inside `user_settings` only.
  'receives_typing_notifications',
]);

/**
 * Where Zulip sends null though the document says otherwise: the deprecated `jitsi_server_url` is
 * `realm_jitsi_server_url || server_jitsi_server_url`, null on a server without Jitsi.
 */
const NULL_AS_ZULIP_SENDS = new Set(['jitsi_server_url']);

describe("POST /register against Zulip's OpenAPI document", () => {
  const schema = new RegisterSchema();
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser({ label: 'register-openapi' });
    const other = await createUser({ label: 'register-openapi-peer' });
    const channelId = await createChannel({ subscribers: [user.userId] });
    await api('POST', '/messages', { auth: user, params: { type: 'direct', to: [other.userId], content: 'hello' } });
    await api('POST', '/messages', { auth: owner(), params: { type: 'stream', to: channelId, topic: 'muted here', content: 'hi' } });
    await api('POST', '/user_topics', { auth: user, params: { stream_id: channelId, topic: 'muted here', visibility_policy: 1 } });
    await api('POST', '/users/me/status', { auth: user, params: { status_text: 'testing' } });
    await api('POST', '/users/me/presence', { auth: user, params: { status: 'active' } });
  });

  const register = async (params: Record<string, unknown>) => {
    const res = await api('POST', '/register', { auth: user, params: { include_subscribers: true, ...params } });
    expect(res.status).toBe(200);
    return res.body;
  };

  const problems = (state: Record<string, unknown>, keys: readonly string[]) => ({
    missing: keys.filter((key) => !(key in state) && !CONDITIONAL.has(key)),
    mistyped: keys
      .filter((key) => key in state && !(NULL_AS_ZULIP_SENDS.has(key) && state[key] === null))
      .flatMap((key) => schema.check(key, state[key])),
  });

  it.each(SERVED_FETCH_TYPES)('answers fetch type %s with every key the document lists for it, each of its type', async (fetchType) => {
    const keys = schema.keysOf(fetchType);
    expect(keys.length).toBeGreaterThan(0);
    const state = await register({ fetch_event_types: fetchType.split('+') });
    expect(problems(state, [...keys, ...ALWAYS])).toEqual({ missing: [], mistyped: [] });
  });

  it('answers every served fetch type to a client asking for everything, and only keys the document knows', async () => {
    const state = await register({});
    const keys = SERVED_FETCH_TYPES.flatMap((fetchType) => schema.keysOf(fetchType));
    expect(problems(state, [...keys, ...ALWAYS])).toEqual({ missing: [], mistyped: [] });
    expect(Object.keys(state).filter((key) => !(key in schema.properties))).toEqual([]);
  });
});
