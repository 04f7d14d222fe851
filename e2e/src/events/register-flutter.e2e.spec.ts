import { api, createUser, type TestUser } from '@zulip-es/testing';

/**
 * The keys zulip-flutter (the mobile app) reads from `POST /register` without a fallback: one
 * missing and the app cannot load the account. From `InitialSnapshot` in zulip-flutter's
 * `lib/api/model/initial_snapshot.dart` (main branch, August 2026): its non-nullable fields,
 * leaving out those with a default value (the typing periods, `server_thumbnail_formats`).
 */
const FLUTTER_REQUIRED_KEYS = [
  'last_event_id',
  'zulip_feature_level',
  'zulip_version',
  'zulip_merge_base',
  'alert_words',
  'custom_profile_fields',
  'max_stream_name_length',
  'max_topic_length',
  'server_presence_ping_interval_seconds',
  'server_presence_offline_threshold_seconds',
  'muted_users',
  'presences',
  'realm_emoji',
  'realm_user_groups',
  'recent_private_conversations',
  'subscriptions',
  'unread_msgs',
  'starred_messages',
  'streams',
  'user_status',
  'user_settings',
  'user_topics',
  'realm_wildcard_mention_policy',
  'realm_name',
  'realm_waiting_period_threshold',
  'realm_allow_message_editing',
  'realm_enable_read_receipts',
  'realm_icon_url',
  'realm_presence_disabled',
  'realm_default_external_accounts',
  'max_file_upload_size_mib',
  'server_emoji_data_url',
  'event_queue_longpoll_timeout_seconds',
  'realm_users',
  'realm_non_active_users',
  'cross_realm_bots',
];

/** The nullable `InitialSnapshot` fields this server answers, which the app reads when present. */
const FLUTTER_OPTIONAL_KEYS_ANSWERED = [
  'queue_id',
  'server_typing_started_expiry_period_milliseconds',
  'server_typing_stopped_wait_period_milliseconds',
  'server_typing_started_wait_period_milliseconds',
  'realm_can_delete_any_message_group',
  'realm_can_delete_own_message_group',
  'realm_topics_policy',
  'realm_mandatory_topics',
  'realm_message_content_delete_limit_seconds',
  'realm_message_content_edit_limit_seconds',
  'server_thumbnail_formats',
  'realm_moderation_request_channel_id',
  'realm_empty_topic_display_name',
];

/** The settings `UserSettings` in the same file requires. */
const FLUTTER_USER_SETTINGS = ['twenty_four_hour_time', 'display_emoji_reaction_users', 'emojiset', 'presence_enabled'];

/** What zulip-flutter sends: no `event_types`, no `fetch_event_types`, so everything. */
const FLUTTER_REGISTER = {
  apply_markdown: true,
  slim_presence: true,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: true,
    stream_typing_notifications: true,
    user_settings_object: true,
    include_deactivated_groups: true,
    empty_topic_name: true,
    individual_emoji_changes: true,
  },
};

describe('POST /register as the mobile app asks it', () => {
  let user: TestUser;
  let state: Record<string, unknown>;

  beforeAll(async () => {
    user = await createUser({ label: 'register-flutter' });
    const res = await api('POST', '/register', { auth: user, params: FLUTTER_REGISTER });
    expect(res.status).toBe(200);
    state = res.body;
  });

  it("answers every key the app's initial snapshot requires", () => {
    expect(FLUTTER_REQUIRED_KEYS.filter((key) => !(key in state))).toEqual([]);
    expect(FLUTTER_OPTIONAL_KEYS_ANSWERED.filter((key) => !(key in state))).toEqual([]);
  });

  it('answers the settings, emoji and URLs in the shapes the app parses', () => {
    expect(Object.keys(state.user_settings as object)).toEqual(expect.arrayContaining(FLUTTER_USER_SETTINGS));
    for (const emoji of Object.values(state.realm_emoji as Record<string, unknown>)) {
      expect(emoji).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        source_url: expect.any(String),
        deactivated: expect.any(Boolean),
        author_id: expect.any(Number),
        still_url: (emoji as { still_url: unknown }).still_url === null ? null : expect.any(String),
      });
    }
    for (const account of Object.values(state.realm_default_external_accounts as Record<string, unknown>)) {
      expect(account).toEqual({
        name: expect.any(String),
        text: expect.any(String),
        hint: expect.any(String),
        url_pattern: expect.any(String),
      });
    }
    expect(() => new URL(state.realm_icon_url as string)).not.toThrow();
    expect(new URL(state.server_emoji_data_url as string).pathname).toBe('/static/generated/emoji/emoji_api.json');
    expect([1, 2, 3, 5, 6, 7]).toContain(state.realm_wildcard_mention_policy);
  });

  it('serves the emoji data file the app downloads for its picker, without credentials', async () => {
    const url = state.server_emoji_data_url as string;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const file = (await res.json()) as { code_to_names: Record<string, string[]> };
    expect(file.code_to_names['1f44d']).toEqual(['+1', 'thumbs_up', 'like']);
    expect(file.code_to_names['1f642']).toEqual(['smile']);
    const again = await fetch(url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('leaves out the legacy settings keys, as the app declares user_settings_object', () => {
    expect(state).not.toHaveProperty('twenty_four_hour_time');
    expect(state).not.toHaveProperty('enable_desktop_notifications');
  });
});
