/** Redis: BullMQ queues, rate limits, event queues. Append-only file, bounded memory, no eviction. */
import * as fs from 'node:fs';
import type { StackConfig } from './config';
import { redisHealth } from './health';
import type { Part } from './part';
import { logFile, partDir } from './paths';
import { ensureRedis } from './provision-redis';

export function redisPart(config: StackConfig): Part {
  const { host, port, password, maxmemory } = config.redis;
  return {
    name: 'redis',
    description: 'Redis (Debian redis-server)',
    address: `${host}:${port}`,
    ports: [{ host, port }],
    commandLineMatch: 'redis-server',
    startTimeoutMs: 15_000,
    provision: async (say) => void (await ensureRedis(say)),
    prepare: async () => {
      const dir = partDir('redis');
      fs.mkdirSync(dir, { recursive: true });
      const args = [
        '--bind',
        host,
        '--port',
        String(port),
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--maxmemory',
        maxmemory,
        // BullMQ's jobs are data: never evicted; a full Redis refuses writes instead.
        '--maxmemory-policy',
        'noeviction',
        '--save',
        '60 1',
        '--daemonize',
        'no',
        '--logfile',
        logFile('redis'),
      ];
      if (password) args.push('--requirepass', password);
      return { command: 'redis-server', args, cwd: dir };
    },
    health: () => redisHealth(config.endpoints.REDIS_URL),
  };
}
