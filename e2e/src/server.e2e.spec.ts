import { DEFAULT_UPLOAD_QUOTA_MIB, MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH, ZULIP_FEATURE_LEVEL } from '@zulip-es/contracts';
import { api, owner, systemInfo } from '@zulip-es/testing';

describe('GET /server_settings', () => {
  it('answers without credentials with what a client needs to log in', async () => {
    const res = await api('GET', '/server_settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: 'success',
      zulip_feature_level: ZULIP_FEATURE_LEVEL,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      authentication_methods: expect.objectContaining({ password: true, email: true }),
      external_authentication_methods: [],
      realm_url: expect.stringMatching(/^https?:\/\/[^/]+$/),
      realm_name: expect.any(String),
    });
    expect(typeof res.body.zulip_version).toBe('string');
  });

  it('says push notifications are enabled where the push service has a bouncer to send them through', async () => {
    const res = await api('GET', '/server_settings');
    // The system under test runs with one (PUSH_BOUNCER_URL).
    expect(res.body.push_notifications_enabled).toBe(true);
  });
});

describe('POST /register', () => {
  it('returns the limits and editing policy of the organization', async () => {
    const res = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm'] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      zulip_feature_level: ZULIP_FEATURE_LEVEL,
      max_topic_length: MAX_TOPIC_LENGTH,
      max_message_length: MAX_MESSAGE_LENGTH,
      max_file_upload_size_mib: 25,
      realm_upload_quota_mib: DEFAULT_UPLOAD_QUOTA_MIB,
      realm_empty_topic_display_name: 'general chat',
      realm_message_content_edit_limit_seconds: 600,
      realm_move_messages_within_stream_limit_seconds: 604800,
      realm_move_messages_between_streams_limit_seconds: 604800,
      last_event_id: -1,
    });
  });

  it('returns only the fetch types asked for', async () => {
    const res = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['no_such_type'] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ zulip_feature_level: ZULIP_FEATURE_LEVEL, last_event_id: -1 });
    expect(res.body).not.toHaveProperty('max_topic_length');
  });

  it('refuses a malformed list', async () => {
    const res = await api('POST', '/register', { auth: owner(), params: { event_types: '{"a":1}' } });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'event_types is not a list' });
  });
});

describe('routing', () => {
  it('answers an unknown endpoint with a Zulip-shaped 404', async () => {
    const res = await api('GET', '/no/such/endpoint', { auth: owner() });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('reads parameters from the body of a PATCH', async () => {
    const res = await api('PATCH', `/users/${systemInfo().owner.userId}`, { auth: owner(), params: { full_name: 'Organization Owner' } });
    expect(res.status).toBe(200);
  });
});
