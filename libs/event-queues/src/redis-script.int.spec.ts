import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisScript } from './redis-script';

describe('a Lua script run by its digest', () => {
  // The stack's address (StackEndpointsSchema's default): this library builds on the contracts alone.
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379');
  afterAll(() => redis.quit());

  // A comment unique to this run, so the script is new to the server whatever ran before.
  const counter = () => new RedisScript(`-- ${randomUUID()}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`, 1);

  it('runs on a server that has never seen it, then by its digest alone', async () => {
    const script = counter();
    const key = `test:script:${randomUUID()}`;
    const sent: string[] = [];
    const monitor = await redis.monitor();
    monitor.on('monitor', (_time: string, args: string[]) => {
      const command = args[0]!.toLowerCase();
      if (args.includes(key) && command.startsWith('eval')) sent.push(command);
    });
    expect(await script.run(redis, key, 2)).toBe(2);
    expect(await script.run(redis, key, 3)).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    monitor.disconnect();
    expect(sent).toEqual(['evalsha', 'eval', 'evalsha']);
  });

  it('runs again after the server forgot its scripts (a restart, SCRIPT FLUSH)', async () => {
    const script = counter();
    const key = `test:script:${randomUUID()}`;
    expect(await script.run(redis, key, 1)).toBe(1);
    await redis.script('FLUSH');
    expect(await script.run(redis, key, 1)).toBe(2);
  });

  it("passes the script's own errors on", async () => {
    const failing = new RedisScript(`-- ${randomUUID()}\nreturn redis.error_reply('NOPE broken')`, 0);
    await expect(failing.run(redis)).rejects.toThrow('NOPE broken');
  });
});
