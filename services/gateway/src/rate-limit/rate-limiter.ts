import type { Redis } from 'ioredis';
import { DomainError, type Logger } from '@zulip-es/platform';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix seconds at which the current window ends. */
  reset: number;
  /** Seconds until a request is allowed again, when this one was over the limit. */
  retryAfter?: number;
}

// INCR and the expiry of a new window in one atomic step, so a crash never leaves a key without TTL.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** How often a limiter that cannot reach Redis says so, at most. */
const UNCOUNTED_WARNING_EVERY_MS = 10_000;

/**
 * Fixed-window limits in Redis, shared by every gateway instance, per subject (a user, or a
 * client address for unauthenticated calls). Reported in X-RateLimit-* headers; past the limit,
 * Zulip's 429 RATE_LIMIT_HIT with `retry-after`.
 *
 * When Redis cannot count (down, or out of memory), requests are let through uncounted rather
 * than all refused: the limit protects the API from a few clients, and a Redis outage must not
 * become an outage of the whole API. A warning says so, at most every 10 s.
 */
export class RateLimiter {
  private lastWarnedAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly limit: number,
    private readonly windowSeconds: number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** The subject's state after this request; undefined when Redis could not count it. */
  async hit(subject: string, nowMs = Date.now()): Promise<RateLimitState | undefined> {
    const windowMs = this.windowSeconds * 1000;
    const windowStart = Math.floor(nowMs / windowMs) * windowMs;
    let count: number;
    try {
      count = Number(await this.redis.eval(HIT, 1, this.key(subject, windowStart), windowMs));
    } catch (error) {
      this.warnUncounted(error, nowMs);
      return undefined;
    }
    const state: RateLimitState = { limit: this.limit, remaining: Math.max(0, this.limit - count), reset: (windowStart + windowMs) / 1000 };
    if (count > this.limit) state.retryAfter = (windowStart + windowMs - nowMs) / 1000;
    return state;
  }

  /** Forgets the subject's requests of the current window (a successful login clears its failures). */
  async clear(subject: string, nowMs = Date.now()): Promise<void> {
    const windowMs = this.windowSeconds * 1000;
    try {
      await this.redis.del(this.key(subject, Math.floor(nowMs / windowMs) * windowMs));
    } catch (error) {
      this.warnUncounted(error, nowMs);
    }
  }

  /** The window's length is in the key: limiters of other windows (another gateway's settings) count apart. */
  private key(subject: string, windowStart: number): string {
    return `ratelimit:${subject}:${this.windowSeconds}:${windowStart}`;
  }

  private warnUncounted(error: unknown, nowMs: number): void {
    if (nowMs - this.lastWarnedAt < UNCOUNTED_WARNING_EVERY_MS) return;
    this.lastWarnedAt = nowMs;
    this.logger.warn({ err: error }, 'rate limits not counted: Redis did not answer; requests pass uncounted until it does');
  }
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': String(Math.ceil(state.reset)),
  };
}

export const rateLimitHit = (retryAfter: number): DomainError =>
  new DomainError('RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': retryAfter });
