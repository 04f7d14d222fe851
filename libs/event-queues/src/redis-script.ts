import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run by its SHA1 (`EVALSHA`): the script's text crosses the wire and is hashed by
 * Redis only the first time a server meets it (a `NOSCRIPT` answer, after a restart or a
 * `SCRIPT FLUSH`, sends it once with `EVAL`), not with every call as `EVAL` does.
 */
export class RedisScript {
  private readonly sha: string;

  constructor(
    readonly lua: string,
    private readonly numberOfKeys: number,
  ) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(redis: Redis, ...keysAndArgs: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, this.numberOfKeys, ...keysAndArgs);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.lua, this.numberOfKeys, ...keysAndArgs);
    }
  }
}
