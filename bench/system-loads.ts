import { randomBytes } from 'node:crypto';
import { encodeParams } from '../libs/testing/src/zulip-client';
import type { HttpTarget } from './lib/http-load';

/** What each system row is compared with: a Kafka round trip, or a bare HTTP answer. */
export type Floor = 'kafka' | 'http';

export interface SystemLoad {
  name: string;
  floor: Floor;
  target: HttpTarget;
}

/** The system's first rows: a route with no Kafka hop and the simplest query. */
export function systemLoads(gatewayUrl: string, authorization: string): SystemLoad[] {
  return [
    { name: 'GET /health (gateway)', floor: 'http', target: { url: `${gatewayUrl}/health` } },
    { name: 'GET /users/me', floor: 'kafka', target: { url: `${gatewayUrl}/api/v1/users/me`, headers: { authorization } } },
  ];
}

/**
 * POST /users, the last row: it adds accounts the other rows would read around, and at high
 * concurrency it leaves a queue of password hashes (decided one at a time, key realm) that
 * would slow whatever row came next.
 */
export function createUserLoad(gatewayUrl: string, authorization: string): SystemLoad {
  const run = randomBytes(4).toString('hex');
  let counter = 0;
  return {
    name: 'POST /users',
    floor: 'kafka',
    target: {
      url: `${gatewayUrl}/api/v1/users`,
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: () =>
        encodeParams({ email: `bench-${counter++}-${run}@example.com`, password: 'bench-password-1', full_name: 'Bench' }).toString(),
    },
  };
}
