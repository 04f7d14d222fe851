import type { Redis } from 'ioredis';
import { RateLimiter } from './rate-limiter';

/** A Redis that refuses every command, as one out of memory or unreachable does. */
const failingRedis = { eval: () => Promise.reject(new Error('OOM command not allowed when used memory > maxmemory')) } as unknown as Redis;

describe('rate limiter without Redis', () => {
  it('lets requests through uncounted, and warns at most every 10 s', async () => {
    const warnings: unknown[] = [];
    const limiter = new RateLimiter(failingRedis, 1, 60, { warn: (...args: unknown[]) => void warnings.push(args) });
    const now = 1_800_000_000_000;
    expect(await limiter.hit('ip:192.0.2.1', now)).toBeUndefined();
    expect(await limiter.hit('ip:192.0.2.1', now + 1_000)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(await limiter.hit('user:5', now + 10_000)).toBeUndefined();
    expect(warnings).toHaveLength(2);
  });
});
