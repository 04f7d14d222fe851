import { failed, newUserClient, succeeded } from './zulip-js-client';

type Events = { events: { id: number; type: string; [field: string]: unknown }[] };

/**
 * Real-time events through zulip-js's event-queue helpers, as a bot built on it reads them:
 * `queues.register`, long-polls with `events.retrieve`, `queues.deregister`.
 * (`callOnEachEvent` polls forever with no way to stop it, so a test cannot end it.)
 */
describe('zulip-js: event queues', () => {
  it('registers a queue, receives a direct message and a typing notification on it, and deregisters', async () => {
    const { client: reader, user: readerUser } = await newUserClient({ label: 'zjs-events-reader' });
    const { client: writer, user: writerUser } = await newUserClient({ label: 'zjs-events-writer' });
    const registered = succeeded(await reader.queues.register({ event_types: ['message', 'typing'] }));
    expect(registered).toMatchObject({ queue_id: expect.any(String), last_event_id: -1 });
    const queueId = registered.queue_id!;

    const polled = reader.events.retrieve({ queue_id: queueId, last_event_id: -1 });
    succeeded(await writer.messages.send({ type: 'direct', to: JSON.stringify([readerUser.userId]), content: 'ping over zulip-js' }));
    const { events } = succeeded(await polled) as unknown as Events;
    expect(events).toEqual([
      expect.objectContaining({
        type: 'message',
        flags: [],
        message: expect.objectContaining({ sender_id: writerUser.userId, content: 'ping over zulip-js', type: 'private' }),
      }),
    ]);

    succeeded(await writer.typing.send({ op: 'start', to: [readerUser.userId] }));
    const typed = succeeded(await reader.events.retrieve({ queue_id: queueId, last_event_id: events[0]!.id })) as unknown as Events;
    expect(typed.events).toEqual([
      expect.objectContaining({ type: 'typing', op: 'start', sender: expect.objectContaining({ user_id: writerUser.userId }) }),
    ]);

    succeeded(await reader.queues.deregister({ queue_id: queueId }));
    expect(failed(await reader.events.retrieve({ queue_id: queueId, dont_block: 'true' }))).toMatchObject({
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: queueId,
    });
  });
});

/**
 * zulip-terminal 0.7.0 (which talks through the Python bindings; zulip-js stands in for them here)
 * registers with these lists and no client capabilities, and reads these keys at start-up without
 * a fallback: one missing is a crash. `unread_msgs` and `starred_messages` come with message
 * flags, which are not answered yet.
 */
const TERMINAL_EVENT_TYPES = [
  'message',
  'update_message',
  'reaction',
  'submessage',
  'subscription',
  'typing',
  'update_message_flags',
  'user_settings',
  'realm_emoji',
  'realm_user',
];
const TERMINAL_FETCH_TYPES = [
  'realm',
  'presence',
  'subscription',
  'message',
  'starred_messages',
  'update_message_flags',
  'muted_topics',
  'realm_user',
  'realm_user_groups',
  'update_global_notifications',
  'update_display_settings',
  'user_settings',
  'realm_emoji',
  'zulip_version',
];
const TERMINAL_READS = [
  'zulip_version',
  'zulip_feature_level',
  'max_message_id',
  'queue_id',
  'last_event_id',
  'subscriptions',
  'realm_message_retention_days',
  'muted_topics',
  'realm_user_groups',
  'realm_emoji',
  'user_settings',
  'twenty_four_hour_time',
  'pm_content_in_desktop_notifications',
  'presences',
  'realm_users',
  'cross_realm_bots',
  'user_id',
  'email',
  'full_name',
  'realm_name',
];

describe('zulip-js: registering as zulip-terminal does', () => {
  it('answers every key the terminal reads at start-up, in the legacy forms it expects', async () => {
    const { client } = await newUserClient({ label: 'zjs-terminal' });
    const registered = succeeded(
      await client.queues.register({
        event_types: TERMINAL_EVENT_TYPES,
        fetch_event_types: TERMINAL_FETCH_TYPES,
        client_gravatar: 'true',
        apply_markdown: 'true',
        include_subscribers: 'true',
      }),
    ) as Record<string, unknown>;
    expect(TERMINAL_READS.filter((key) => !(key in registered))).toEqual([]);
    expect(registered).toMatchObject({
      realm_message_retention_days: -1,
      muted_topics: [],
      realm_emoji: {},
      user_settings: expect.objectContaining({ send_private_typing_notifications: true }),
    });
    expect(Object.keys(registered.presences as object).every((key) => key.includes('@'))).toBe(true);
  });
});
