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
      expect.objectContaining({ type: 'message', flags: [], message: expect.objectContaining({ sender_id: writerUser.userId, content: 'ping over zulip-js', type: 'private' }) }),
    ]);

    succeeded(await writer.typing.send({ op: 'start', to: [readerUser.userId] }));
    const typed = succeeded(await reader.events.retrieve({ queue_id: queueId, last_event_id: events[0]!.id })) as unknown as Events;
    expect(typed.events).toEqual([expect.objectContaining({ type: 'typing', op: 'start', sender: expect.objectContaining({ user_id: writerUser.userId }) })]);

    succeeded(await reader.queues.deregister({ queue_id: queueId }));
    expect(failed(await reader.events.retrieve({ queue_id: queueId, dont_block: 'true' }))).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId });
  });
});
