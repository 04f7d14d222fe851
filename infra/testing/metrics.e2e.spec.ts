import { api, createUser, systemInfo, type TestUser } from '../../libs/testing/src';

/** Prometheus's text format: the value of the sample of `name` whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

const serviceMetrics = (service: 'users' | 'messages' | 'uploads' | 'push' | 'realtime') =>
  scrape(`http://127.0.0.1:${systemInfo().ports[service]}/metrics`);

/**
 * Operators scrape every service with Prometheus: the gateway's requests by route, each
 * service's command handling, Kafka consumer lag, BullMQ queue depths, event queues and
 * quarantined events, beside Node's own figures.
 */
describe('the metrics of every service', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser({ label: 'metrics' });
  });

  it.each(['users', 'messages', 'uploads', 'push', 'realtime'] as const)(
    '%s: ready, nothing quarantined, its consumers lag measured, and Node figures',
    async (service) => {
      const text = await serviceMetrics(service);
      expect(sample(text, 'zulip_ready', { service })).toBe(1);
      expect(sample(text, 'zulip_quarantined_events', { service })).toEqual(expect.any(Number));
      expect(sample(text, 'zulip_stale_read_models', { service })).toBe(0);
      expect(sample(text, 'process_resident_memory_bytes', { service })).toBeGreaterThan(10_000_000);
      expect(sample(text, 'nodejs_eventloop_lag_p99_seconds', { service })).toEqual(expect.any(Number));
      expect(text).toMatch(/^zulip_kafka_consumer_lag\{.*\} \d+$/m);
    },
  );

  it('the messages service: command handling time by type and outcome, and its commands group lag', async () => {
    const before = await serviceMetrics('messages');
    const count = (text: string, outcome: string) =>
      sample(text, 'zulip_command_duration_seconds_count', { type: 'message.send', kind: 'command', outcome }) ?? 0;
    const sent = await api('POST', '/messages', {
      auth: user,
      params: { type: 'direct', to: JSON.stringify([user.userId]), content: 'm' },
    });
    expect(sent.status).toBe(200);
    const refused = await api('POST', '/messages', {
      auth: user,
      params: { type: 'stream', to: 'no-such-channel-for-metrics', topic: 't', content: 'm' },
    });
    expect(refused.status).toBe(400);
    const after = await serviceMetrics('messages');
    expect(count(after, 'ok') - count(before, 'ok')).toBe(1);
    expect(count(after, 'STREAM_DOES_NOT_EXIST') - count(before, 'STREAM_DOES_NOT_EXIST')).toBe(1);
    expect(sample(after, 'zulip_kafka_consumer_lag', { group: 'messages-service', topic: 'messages.commands' })).toEqual(
      expect.any(Number),
    );
  });

  it('services with BullMQ queues report their depths by state', async () => {
    const messages = await serviceMetrics('messages');
    const push = await serviceMetrics('push');
    const uploads = await serviceMetrics('uploads');
    for (const [text, queue] of [
      [messages, 'messages-topic-deletion'],
      [push, 'push-notifications'],
      [uploads, 'uploads-garbage-collection'],
    ] as const)
      for (const state of ['waiting', 'active', 'delayed', 'failed'])
        expect({ queue, state, jobs: sample(text, 'zulip_queue_jobs', { queue, state }) }).toEqual({
          queue,
          state,
          jobs: expect.any(Number),
        });
  });

  it('realtime counts the event queues of clients', async () => {
    const before = sample(await serviceMetrics('realtime'), 'zulip_event_queues') ?? 0;
    const registered = await api('POST', '/register', { auth: user, params: { event_types: JSON.stringify(['message']) } });
    expect(registered.status).toBe(200);
    const after = await serviceMetrics('realtime');
    expect(sample(after, 'zulip_event_queues')).toBeGreaterThanOrEqual(before + 1);
    expect(sample(after, 'zulip_event_queue_users')).toBeGreaterThanOrEqual(1);
  });

  it("the gateway: requests by route and status on a port of their own, never on the API's", async () => {
    const { gatewayMetricsUrl, gatewayUrl } = systemInfo();
    const count = (text: string, route: string, status: string) =>
      sample(text, 'zulip_http_request_duration_seconds_count', { method: 'GET', route, status }) ?? 0;
    const before = await scrape(gatewayMetricsUrl);
    expect((await api('GET', '/users/me', { auth: user })).status).toBe(200);
    expect((await api('GET', '/users/me', { auth: { ...user, apiKey: 'wrong-key-wrong-key-wrong-key-12' } })).status).toBe(401);
    expect((await fetch(`${gatewayUrl}/no/such/path/${Date.now()}`)).status).toBe(404);
    const after = await scrape(gatewayMetricsUrl);
    expect(count(after, '/api/v1/users/me', '200') - count(before, '/api/v1/users/me', '200')).toBe(1);
    expect(count(after, '/api/v1/users/me', '401') - count(before, '/api/v1/users/me', '401')).toBe(1);
    expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(1);
    expect(sample(after, 'zulip_ready', { service: 'gateway' })).toBe(1);
    expect(sample(after, 'zulip_long_polls')).toEqual(expect.any(Number));
    expect(sample(after, 'zulip_kafka_consumer_lag', { topic: 'users.events' })).toEqual(expect.any(Number));
    expect((await fetch(`${gatewayUrl}/metrics`)).status).toBe(404);
  });
});
