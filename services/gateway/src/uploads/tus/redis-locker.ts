import { randomUUID } from 'node:crypto';
import type { Lock, Locker, RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';

/** Where a request waiting for a lock asks its holder, whichever gateway that is, to let go. */
const RELEASE_CHANNEL = 'tus-lock-release';
const key = (uploadId: string): string => `tus-lock:${uploadId}`;
/** Deletes or extends the lock only while it is still the caller's (its token). */
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** tus's own answer when a lock is not had in time (thrown as tus errors are: status and body). */
export const LOCK_TIMEOUT = { status_code: 500, body: 'failed to acquire lock before timeout' };
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

export interface RedisLockerOptions {
  /** A held lock's expiry, renewed by its holder every third of it: a crashed gateway's locks end with it. */
  ttlMs?: number;
  /** How long a request waits for a lock before tus answers 500 (tus's own locker: 30 s). */
  acquireTimeoutMs?: number;
  /** How often a waiting request tries again, and asks the holder again. */
  retryMs?: number;
}

/**
 * tus's upload locks, shared by every gateway instance through Redis (tus's own locker holds
 * them in one process's memory). A client whose connection was cut retries its PATCH, possibly
 * on another gateway while the first still writes the upload: the new request asks the holder
 * to let go (tus's `cancelReq`, sent over pub/sub to the instance holding it), which ends the old
 * request, and takes the lock once it is released. A lock is a key set only if absent, with an
 * expiry its holder renews: the locks of a crashed gateway expire.
 */
export class RedisLocker implements Locker {
  /** This instance's held locks: upload id → how to make its request let go. */
  readonly held = new Map<string, RequestRelease>();
  readonly ttlMs: number;
  readonly acquireTimeoutMs: number;
  readonly retryMs: number;

  constructor(
    readonly redis: Redis,
    /** A connection of its own: a subscribed one can do nothing else. */
    private readonly subscriber: Redis,
    options: RedisLockerOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.retryMs = options.retryMs ?? 50;
  }

  async start(): Promise<void> {
    this.subscriber.on('message', (_channel: string, uploadId: string) => void this.held.get(uploadId)?.());
    await this.subscriber.subscribe(RELEASE_CHANNEL);
  }

  async stop(): Promise<void> {
    await this.subscriber.quit();
  }

  newLock(uploadId: string): Lock {
    return new RedisLock(uploadId, this);
  }
}

class RedisLock implements Lock {
  private token?: string;
  private renewal?: NodeJS.Timeout;

  constructor(
    private readonly uploadId: string,
    private readonly locker: RedisLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis, ttlMs, acquireTimeoutMs, retryMs } = this.locker;
    const token = randomUUID();
    const giveUpAt = Date.now() + acquireTimeoutMs;
    let askedAt = 0;
    for (;;) {
      if ((await redis.set(key(this.uploadId), token, 'PX', ttlMs, 'NX')) === 'OK') break;
      if (signal.aborted || Date.now() >= giveUpAt) throw LOCK_TIMEOUT;
      // Asked again now and then: the holder may have been between two requests when first asked.
      if (Date.now() - askedAt >= 10 * retryMs) {
        askedAt = Date.now();
        await redis.publish(RELEASE_CHANNEL, this.uploadId);
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
    this.token = token;
    this.locker.held.set(this.uploadId, requestRelease);
    this.renewal = setInterval(() => void this.renew(requestRelease), Math.max(1, Math.floor(ttlMs / 3)));
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.locker.held.delete(this.uploadId);
    if (this.token) await this.locker.redis.eval(UNLOCK, 1, key(this.uploadId), this.token);
    this.token = undefined;
  }

  /** A lock found expired (this process stalled past its expiry) may be another's now: the request stops. */
  private async renew(requestRelease: RequestRelease): Promise<void> {
    if (!this.token) return;
    const renewed = await this.locker.redis.eval(RENEW, 1, key(this.uploadId), this.token, String(this.locker.ttlMs)).catch(() => 0);
    if (renewed === 0 && this.token) {
      clearInterval(this.renewal);
      await requestRelease();
    }
  }
}
