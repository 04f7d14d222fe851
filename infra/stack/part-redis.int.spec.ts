import { Redis } from 'ioredis';
import { loadStackConfig } from './config';

describe('the local stack’s Redis', () => {
  it('has a memory bound and refuses writes past it instead of evicting', async () => {
    const config = loadStackConfig();
    const redis = new Redis(config.endpoints.REDIS_URL);
    try {
      const [, maxmemory] = (await redis.config('GET', 'maxmemory')) as [string, string];
      const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as [string, string];
      expect(Number(maxmemory)).toBe(512 * 1024 * 1024);
      expect(policy).toBe('noeviction');
    } finally {
      redis.disconnect();
    }
  });
});
