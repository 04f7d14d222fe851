import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { api, owner } from '../../libs/testing/src';
import type { ServiceProcess } from '../system/service-process';
import { extraPort, registerExtraPid, startInstance } from './extra-processes';

/**
 * A gateway whose Redis is full (`maxmemory` reached, `noeviction`): rate limits cannot be
 * counted and event queues cannot be created. Before, the rate limiter threw and the whole API
 * answered 500; now requests pass uncounted and what needs Redis answers 503.
 */
describe('a gateway whose Redis is full', () => {
  const port = extraPort(30);
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-full-'));
  let redisServer: ChildProcess;
  let redis: Redis;
  let gateway: ServiceProcess;

  beforeAll(async () => {
    redisServer = spawn(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory',
        '4mb',
        '--maxmemory-policy',
        'noeviction',
      ],
      {
        stdio: 'ignore',
      },
    );
    registerExtraPid(redisServer.pid!, 'redis-server');
    redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 20 });
    await redis.ping();
    gateway = await startInstance('gateway', 'gateway-redis-full', extraPort(31), {
      INSTANCE_ID: 'gw-test-redis-full',
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    await fill(redis);
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop();
    redis?.disconnect();
    redisServer?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers authenticated and unauthenticated requests, uncounted', async () => {
    const me = await api('GET', '/users/me', { baseUrl: gateway.url, auth: owner() });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-ratelimit-remaining')).toBeNull();
    expect((await api('GET', '/server_settings', { baseUrl: gateway.url })).status).toBe(200);
  });

  it('answers 503 SERVICE_UNAVAILABLE for a new event queue, which Redis cannot hold', async () => {
    const res = await api('POST', '/register', { baseUrl: gateway.url, auth: owner(), params: { event_types: ['message'] } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ result: 'error', code: 'SERVICE_UNAVAILABLE', msg: 'Service temporarily unavailable, please try again.' });
  });
});

/**
 * Writes until Redis refuses a write for want of memory, then lowers its bound below what it
 * holds: right at the bound, memory goes up and down with the connections' buffers, and a write
 * that comes at a low would pass.
 */
async function fill(redis: Redis): Promise<void> {
  const value = 'x'.repeat(64 * 1024);
  for (let key = 0; ; key++) {
    try {
      await redis.set(`filler:${key}`, value);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('OOM ')) break;
      throw error;
    }
  }
  const used = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
  await redis.config('SET', 'maxmemory', String(used - 1024 * 1024));
}
