import { api, createUser, type TestUser } from '../../libs/testing/src';
import type { ServiceProcess } from '../system/service-process';
import { extraPort, startInstance } from './extra-processes';

type Polled = { events: { id: number; type: string; message?: { content: string } }[] };

/**
 * Queues live in Redis, not in a gateway: a client whose gateway dies in the middle of a
 * long-poll polls again (here through a restarted gateway on the same address) with the same
 * queue and last event id, and gets what was queued meanwhile, nothing lost.
 */
describe('a gateway killed while a client long-polls', () => {
  let reader: TestUser;
  let writer: TestUser;
  let gateway: ServiceProcess | undefined;
  const port = extraPort(60);
  beforeAll(async () => {
    [reader, writer] = await Promise.all([createUser({ label: 'gw-restart-reader' }), createUser({ label: 'gw-restart-writer' })]);
  });
  afterAll(async () => {
    await gateway?.stop();
  }, 30_000);

  const send = (content: string) => api('POST', '/messages', { auth: writer, params: { type: 'direct', to: [reader.userId], content } });

  it('serves the same queue from the next gateway, with the events queued while it was down', async () => {
    gateway = await startInstance('gateway', 'gateway-restart-1', port, { INSTANCE_ID: 'gw-test-restart-1' });
    const queueId = (
      await api('POST', '/register', {
        baseUrl: gateway.url,
        auth: reader,
        params: { event_types: ['message'], fetch_event_types: ['realm'] },
      })
    ).body.queue_id as string;

    const interrupted = api('GET', '/events', {
      baseUrl: gateway.url,
      auth: reader,
      params: { queue_id: queueId, last_event_id: -1 },
    }).then(
      () => 'answered',
      () => 'connection lost',
    );
    await new Promise((r) => setTimeout(r, 300));
    await gateway.kill9();
    expect(await interrupted).toBe('connection lost');

    expect((await send('while the gateway was down')).status).toBe(200);
    gateway = await startInstance('gateway', 'gateway-restart-2', port, { INSTANCE_ID: 'gw-test-restart-2' });
    const first = (await api('GET', '/events', { baseUrl: gateway.url, auth: reader, params: { queue_id: queueId, last_event_id: -1 } }))
      .body as unknown as Polled;
    expect(first.events.map((e) => [e.type, e.message?.content])).toEqual([['message', 'while the gateway was down']]);

    await send('after the restart');
    // Long-polls from the last event seen, heartbeats aside, as a client does.
    let lastEventId = first.events[0]!.id;
    const received: string[] = [];
    for (const deadline = Date.now() + 15_000; received.length === 0 && Date.now() < deadline;) {
      const { events } = (
        await api('GET', '/events', { baseUrl: gateway.url, auth: reader, params: { queue_id: queueId, last_event_id: lastEventId } })
      ).body as unknown as Polled;
      lastEventId = events.at(-1)?.id ?? lastEventId;
      received.push(...events.flatMap((e) => (e.type === 'message' ? [e.message!.content] : [])));
    }
    expect(received).toEqual(['after the restart']);
  }, 90_000);
});
