import path from 'node:path';
import { BARE_HTTP_PORT } from '../config';
import { BenchChild } from '../lib/child';
import { httpCell } from '../lib/http-load';
import type { Measurement } from '../lib/stats';

/** autocannon against the bare NestJS + fastify endpoint in its own process, per concurrency. */
export async function measureBareHttp(concurrencies: readonly number[], logDir: string): Promise<Map<number, Measurement>> {
  const server = await BenchChild.start('bare-http-server', path.join(__dirname, 'bare-http-server.ts'), {
    logDir,
    env: { BARE_HTTP_PORT: String(BARE_HTTP_PORT) },
  });
  const results = new Map<number, Measurement>();
  try {
    for (const concurrency of concurrencies)
      results.set(concurrency, await httpCell({ url: `http://127.0.0.1:${BARE_HTTP_PORT}/ping` }, concurrency));
  } finally {
    await server.stop();
  }
  return results;
}
