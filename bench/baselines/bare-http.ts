import path from 'node:path';
import { BARE_HTTP_PORT } from '../config';
import { BenchChild } from '../lib/child';
import { httpCell } from '../lib/http-load';
import type { Measurement } from '../lib/stats';

export interface BareHttp {
  /** One GET route answering a small JSON body. */
  plain: Map<number, Measurement>;
  /** The same route shape with one Redis script call per request. */
  redis: Map<number, Measurement>;
}

/** autocannon against the bare NestJS + fastify endpoints in their own process, per concurrency. */
export async function measureBareHttp(concurrencies: readonly number[], logDir: string): Promise<BareHttp> {
  const server = await BenchChild.start('bare-http-server', path.join(__dirname, 'bare-http-server.ts'), {
    logDir,
    env: { BARE_HTTP_PORT: String(BARE_HTTP_PORT) },
  });
  const results: BareHttp = { plain: new Map(), redis: new Map() };
  try {
    for (const concurrency of concurrencies)
      results.plain.set(concurrency, await httpCell({ url: `http://127.0.0.1:${BARE_HTTP_PORT}/ping` }, concurrency));
    for (const concurrency of concurrencies)
      results.redis.set(concurrency, await httpCell({ url: `http://127.0.0.1:${BARE_HTTP_PORT}/redis` }, concurrency));
  } finally {
    await server.stop();
  }
  return results;
}
