import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { StackEndpointsSchema } from '@zulip-es/platform';
import { LOCK_TIMEOUT, RedisLocker, type RedisLockerOptions } from './redis-locker';

/** Two gateways' lockers on the one Redis, as two instances behind a load balancer have. */
describe('tus upload locks shared by gateway instances (Redis)', () => {
  const { REDIS_URL } = StackEndpointsSchema.parse(process.env);
  const connections: Redis[] = [];
  const lockers: RedisLocker[] = [];
  const upload = () => `test/${randomBytes(6).toString('hex')}`;
  const never = new AbortController().signal;

  async function gateway(options: RedisLockerOptions = {}): Promise<RedisLocker> {
    const redis = new Redis(REDIS_URL);
    connections.push(redis);
    const locker = new RedisLocker(redis, redis.duplicate(), { retryMs: 10, ...options });
    await locker.start();
    lockers.push(locker);
    return locker;
  }

  afterAll(async () => {
    await Promise.all(lockers.map((l) => l.stop()));
    await Promise.all(connections.map((c) => c.quit()));
  });

  it('asks the holder on another gateway to let go, and takes the lock once it has', async () => {
    const [a, b] = [await gateway(), await gateway()];
    const id = upload();
    const held = a.newLock(id);
    const events: string[] = [];
    await held.lock(never, async () => {
      // As tus does: the request holding the lock ends, and releases it.
      events.push('asked to let go');
      await held.unlock();
    });

    await b.newLock(id).lock(never, () => undefined);
    events.push('taken');
    expect(events).toEqual(['asked to let go', 'taken']);
  });

  it("makes a second request on the same gateway wait for the first, as tus's own locker does", async () => {
    const a = await gateway();
    const id = upload();
    const first = a.newLock(id);
    let released = false;
    await first.lock(never, () => undefined);
    setTimeout(() => void first.unlock().then(() => (released = true)), 100);

    await a.newLock(id).lock(never, () => undefined);
    expect(released).toBe(true);
  });

  it('gives up after its timeout while the holder keeps the lock (tus answers 500)', async () => {
    const [a, b] = [await gateway(), await gateway({ acquireTimeoutMs: 200 })];
    const id = upload();
    await a.newLock(id).lock(never, () => undefined);

    await expect(b.newLock(id).lock(never, () => undefined)).rejects.toBe(LOCK_TIMEOUT);
  });

  it('renews a held lock past its expiry while its holder lives', async () => {
    const [a, b] = [await gateway({ ttlMs: 300 }), await gateway({ acquireTimeoutMs: 200 })];
    const id = upload();
    const held = a.newLock(id);
    await held.lock(never, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 700));

    await expect(b.newLock(id).lock(never, () => undefined)).rejects.toBe(LOCK_TIMEOUT);
    await held.unlock();
    await b.newLock(id).lock(never, () => undefined);
  });

  it('takes the lock a crashed gateway left once it expires', async () => {
    const b = await gateway({ acquireTimeoutMs: 3_000 });
    const id = upload();
    // What a gateway killed while holding the lock leaves: its key, which nobody renews.
    await b.redis.set(`tus-lock:${id}`, 'a crashed gateway', 'PX', 300);

    const started = Date.now();
    await b.newLock(id).lock(never, () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("unlocks only its own lock: a holder whose lock expired does not remove the next holder's, and is asked to stop", async () => {
    const [a, b] = [await gateway({ ttlMs: 300 }), await gateway()];
    const id = upload();
    const stale = a.newLock(id);
    let askedToStop = false;
    await stale.lock(never, () => {
      askedToStop = true;
    });
    // As if this gateway had stalled past the lock's expiry.
    await a.redis.del(`tus-lock:${id}`);
    await b.newLock(id).lock(never, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(askedToStop).toBe(true);

    await stale.unlock();
    expect(await b.redis.exists(`tus-lock:${id}`)).toBe(1);
  });
});
