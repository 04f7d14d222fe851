import { rateLimitHit, type RateLimiter } from '../rate-limit/rate-limiter';
import type { AroundRequest } from '../dispatch/dispatcher';

/**
 * POST /fetch_api_key, limited per username as Zulip's `rate_limit_auth` does: each attempt
 * counts, a successful one clears the count, and past the limit the password is not even checked
 * (each check costs the users service a password hash). The per-address limit of unauthenticated
 * calls alone let a botnet guess one account's password without end.
 */
export const limitLoginsByUsername =
  (limiter: RateLimiter): AroundRequest =>
  async ({ data }, send) => {
    const subject = `login:${String(data.username).toLowerCase()}`;
    const state = await limiter.hit(subject);
    if (state?.retryAfter !== undefined) throw rateLimitHit(state.retryAfter);
    const answer = await send();
    await limiter.clear(subject);
    return answer.body;
  };
