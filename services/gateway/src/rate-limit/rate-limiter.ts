import type { Redis } from 'ioredis';
import { DomainError } from '@zulip-es/platform';

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

/**
 * Per-user fixed-window limits in Redis, shared by every gateway instance. Reported in
 * X-RateLimit-* headers; past the limit, Zulip's 429 RATE_LIMIT_HIT with `retry-after`.
 */
export class RateLimiter {
  constructor(private readonly redis: Redis, private readonly limit: number, private readonly windowSeconds: number) {}

  async hit(subject: string, nowMs = Date.now()): Promise<RateLimitState> {
    const windowMs = this.windowSeconds * 1000;
    const windowStart = Math.floor(nowMs / windowMs) * windowMs;
    const count = Number(await this.redis.eval(HIT, 1, `ratelimit:${subject}:${windowStart}`, windowMs));
    const state: RateLimitState = { limit: this.limit, remaining: Math.max(0, this.limit - count), reset: (windowStart + windowMs) / 1000 };
    if (count > this.limit) state.retryAfter = (windowStart + windowMs - nowMs) / 1000;
    return state;
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
