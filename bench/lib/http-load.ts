import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { CELL_SECONDS, WARMUP_SECONDS } from '../config';
import { summarize, type Measurement } from './stats';

export interface HttpTarget {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  /** A body per request (each POST /users needs its own email). */
  body?: () => string;
  /** Headers and body per request, for loads spread over many users; overrides `headers` and `body`. */
  request?: () => { headers: Record<string, string>; body?: string };
}

/**
 * autocannon at `connections` for `seconds`. Latencies are taken from its per-response event
 * rather than its histogram, which keeps whole milliseconds only: sub-millisecond floors matter here.
 */
export async function measureHttp(target: HttpTarget, connections: number, seconds: number): Promise<Measurement & { statuses: string }> {
  const { origin, pathname, search } = new URL(target.url);
  const makeBody = target.body;
  const makeRequest = target.request;
  const latencies: number[] = [];
  const began = performance.now();
  const instance = autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: target.method ?? 'GET',
        path: pathname + search,
        headers: target.headers,
        ...(makeBody ? { setupRequest: (req) => ({ ...req, body: makeBody() }) } : {}),
        ...(makeRequest ? { setupRequest: (req) => ({ ...req, ...makeRequest() }) } : {}),
      },
    ],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  const elapsed = performance.now() - began;
  const statuses = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  return { ...summarize(latencies, elapsed, result.errors + result.timeouts + result.non2xx), statuses };
}

/**
 * autocannon abandons the requests in flight when its time is up, but the system still works
 * through them. One more request with the same key queues behind them (a partition is consumed in
 * order), so when it is answered the next run starts on an idle system.
 */
async function drain(target: HttpTarget): Promise<void> {
  const one = target.request?.();
  const res = await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: one?.headers ?? target.headers,
    body: one?.body ?? target.body?.(),
  });
  await res.arrayBuffer();
}

/** A warm-up of WARMUP_SECONDS (discarded), then the measured CELL_SECONDS, each followed by a drain. */
export async function httpCell(target: HttpTarget, connections: number): Promise<Measurement & { statuses: string }> {
  await measureHttp(target, connections, WARMUP_SECONDS);
  await drain(target);
  const measured = await measureHttp(target, connections, CELL_SECONDS);
  await drain(target);
  return measured;
}
