import { randomUUID } from 'node:crypto';
import { commandsTopic, createUser, type CommandEnvelope } from '../../libs/contracts/src';
import { StackEndpointsSchema } from '../../libs/platform/src/config/stack-endpoints';
import { createKafka } from '../../libs/platform/src/kafka/kafka-client';
import { createLogger } from '../../libs/platform/src/logging/logger';
import { api, basicAuth, createUser as createTestUser, owner, uniqueEmail } from '../../libs/testing/src';
import type { ServiceProcess } from '../system/service-process';
import { extraPort, startInstance } from './extra-processes';

describe('per-user rate limits', () => {
  let gateway: ServiceProcess;

  beforeAll(async () => {
    gateway = await startInstance('gateway', 'gateway-limited', extraPort(20), {
      INSTANCE_ID: 'gw-test-limited',
      RATE_LIMIT_REQUESTS: '3',
      RATE_LIMIT_WINDOW_SECONDS: '600',
    });
  }, 60_000);

  afterAll(() => gateway.stop());

  const usersMe = () => api('GET', '/users/me', { baseUrl: gateway.url, auth: owner() });
  /**
   * Windows are fixed (600 s here, aligned to the clock), so a test that crossed into the next
   * one would find its count reset: one ending within 5 s is waited out first.
   */
  async function awayFromWindowEnd(): Promise<void> {
    const msLeft = Number((await usersMe()).headers.get('x-ratelimit-reset')) * 1000 - Date.now();
    if (msLeft < 5_000) await new Promise((r) => setTimeout(r, msLeft + 100));
  }

  it('counts down in X-RateLimit headers, then answers 429 RATE_LIMIT_HIT with retry-after', async () => {
    await awayFromWindowEnd();
    // Counters live in Redis, shared by every gateway: start from this user's state there.
    const first = await usersMe();
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    for (let i = 0; i < remaining; i++) await usersMe();

    const limited = await usersMe();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    expect(limited.body['retry-after']).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('limits resumable uploads (tus) as every other API request', async () => {
    await awayFromWindowEnd();
    // Over the limit in this window, whatever the test above left.
    for (let i = 0; i < 3; i++) await usersMe();
    const res = await fetch(`${gateway.url}/api/v1/tus`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(owner()),
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '5',
        'Upload-Metadata': `filename ${Buffer.from('a.txt').toString('base64')}`,
      },
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not count event polls (as Zulip’s Tornado does not), while other event calls are limited', async () => {
    await awayFromWindowEnd();
    // Registered through the system's gateway: the queue is in Redis, for every gateway to serve.
    const queueId = (await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm'] } })).body.queue_id as string;
    for (let i = 0; i < 3; i++) await usersMe();
    expect((await usersMe()).status).toBe(429);
    for (let i = 0; i < 5; i++) {
      const polled = await api('GET', '/events', { baseUrl: gateway.url, auth: owner(), params: { queue_id: queueId, dont_block: true } });
      expect(polled.status).toBe(200);
    }
    expect((await api('DELETE', '/events', { baseUrl: gateway.url, auth: owner(), params: { queue_id: queueId } })).status).toBe(429);
    await api('DELETE', '/events', { auth: owner(), params: { queue_id: queueId } });
  });

  it('checks credentials before the limit: a wrong key is 401 even for a limited user', async () => {
    const res = await api('GET', '/users/me', { baseUrl: gateway.url, auth: { email: owner().email, apiKey: 'y'.repeat(32) } });
    expect(res.status).toBe(401);
  });
});

describe('per-address rate limits of unauthenticated calls', () => {
  let gateway: ServiceProcess;

  beforeAll(async () => {
    gateway = await startInstance('gateway', 'gateway-anonymous-limited', extraPort(25), {
      INSTANCE_ID: 'gw-test-anonymous-limited',
      RATE_LIMIT_ANONYMOUS_REQUESTS: '4',
      RATE_LIMIT_ANONYMOUS_WINDOW_SECONDS: '600',
    });
  }, 60_000);

  afterAll(() => gateway.stop());

  const guess = (password: string) =>
    api('POST', '/fetch_api_key', { baseUrl: gateway.url, params: { username: owner().email, password } });

  it('stops password guessing at POST /fetch_api_key with 429 RATE_LIMIT_HIT, without holding back authenticated users', async () => {
    // Counters live in Redis per window (600 s, aligned to the clock): guess until it is used up
    // (at most 10 guesses, should the window end in the middle).
    let res = await guess('wrong-password-0');
    expect(res.headers.get('x-ratelimit-limit')).toBe('4');
    for (let i = 1; res.status !== 429 && i <= 10; i++) {
      expect(res.body).toMatchObject({ code: 'AUTHENTICATION_FAILED' });
      res = await guess(`wrong-password-${i}`);
    }
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api('GET', '/server_settings', { baseUrl: gateway.url })).status).toBe(429);
    expect((await api('GET', '/users/me', { baseUrl: gateway.url, auth: owner() })).status).toBe(200);
  });
});

describe('per-username limits of password attempts', () => {
  let gateway: ServiceProcess;

  beforeAll(async () => {
    gateway = await startInstance('gateway', 'gateway-login-limited', extraPort(26), {
      INSTANCE_ID: 'gw-test-login-limited',
      LOGIN_ATTEMPTS_PER_USERNAME: '3',
      LOGIN_ATTEMPTS_WINDOW_SECONDS: '1800',
    });
  }, 60_000);

  afterAll(() => gateway.stop());

  const login = (username: string, password: string) =>
    api('POST', '/fetch_api_key', { baseUrl: gateway.url, params: { username, password } });

  it('refuses a username’s attempts past the limit, even with the right password, from any address; other accounts log in', async () => {
    const [target, other] = [await createTestUser({ label: 'guessed' }), await createTestUser({ label: 'not-guessed' })];
    for (let i = 0; i < 3; i++) expect((await login(target.email, `wrong-${i}`)).body).toMatchObject({ code: 'AUTHENTICATION_FAILED' });
    const refused = await login(target.email.toUpperCase(), target.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(other.email, other.password)).body).toMatchObject({ result: 'success', api_key: other.apiKey });
  });

  it('clears the count of failed attempts at a successful login', async () => {
    const user = await createTestUser({ label: 'forgetful' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await login(user.email, `wrong-${i}`)).status).toBe(401);
      expect((await login(user.email, user.password)).body).toMatchObject({ result: 'success' });
    }
  });
});

describe('request deadlines', () => {
  let gateway: ServiceProcess;

  beforeAll(async () => {
    gateway = await startInstance('gateway', 'gateway-impatient', extraPort(30), {
      INSTANCE_ID: 'gw-test-impatient',
      REQUEST_TIMEOUT_MS: '1',
    });
  }, 60_000);

  afterAll(() => gateway.stop());

  it('answers a Zulip-shaped 503 when the service does not reply in time', async () => {
    const started = Date.now();
    const res = await api('GET', '/users/me', { baseUrl: gateway.url, auth: owner() });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ result: 'error', code: 'SERVICE_UNAVAILABLE', msg: 'The users service did not answer in time' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('never carries out a command whose deadline passed before it was taken up', async () => {
    // Sent straight to the commands topic with a deadline already past: through a gateway, even a
    // 1 ms deadline can still be ahead when a quiet machine hands the command over.
    const email = uniqueEmail('late');
    const ownerId = (await api('GET', '/users/me', { auth: owner() })).body.user_id as number;
    const kafka = createKafka(
      'test-late-command',
      StackEndpointsSchema.parse(process.env).KAFKA_BROKERS,
      createLogger('test-late-command', 'warn'),
    );
    const producer = kafka.producer();
    await producer.connect();
    try {
      const late: CommandEnvelope = {
        commandId: randomUUID(),
        type: createUser.type,
        kind: 'command',
        key: 'realm',
        correlationId: 'late',
        actorId: ownerId,
        deadline: Date.now() - 60_000,
        replyTo: 'test.no-replies',
        after: [],
        data: { email, password: 'late-password', full_name: 'Too late' },
      };
      await producer.send({ topic: commandsTopic('users'), acks: -1, messages: [{ key: late.key, value: JSON.stringify(late) }] });
    } finally {
      await producer.disconnect();
    }
    // Same key, so decided after the late one: once it is answered, the late one was taken up.
    const next = await api('POST', '/users', {
      auth: owner(),
      params: { email: uniqueEmail('after-late'), password: 'after-password', full_name: 'In time' },
    });
    expect(next.status).toBe(200);
    const key = await api('POST', '/fetch_api_key', { params: { username: email, password: 'late-password' } });
    expect(key.body.code).toBe('AUTHENTICATION_FAILED');
  });
});
