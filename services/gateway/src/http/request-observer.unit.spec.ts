import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { createLogger, Metrics } from '@zulip-es/platform';
import { observeRequests, requestIdOf } from './request-observer';

const withHeader = (value?: string | string[]) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage;
const MADE = /^[0-9a-f]{12}-[0-9a-z]+$/;

describe('the id of a request (its correlation id)', () => {
  it("is the caller's X-Request-Id when that is a plain token", () => {
    expect(requestIdOf(withHeader('proxy-7f3a.12:ab@host'))).toBe('proxy-7f3a.12:ab@host');
    expect(requestIdOf(withHeader('x'.repeat(128)))).toBe('x'.repeat(128));
  });

  it('is a new one without one, or for one too long, empty, repeated or carrying other characters', () => {
    for (const given of [undefined, '', 'x'.repeat(129), 'two words', 'line\nbreak', '{"json":1}', ['a', 'b']])
      expect(requestIdOf(withHeader(given))).toMatch(MADE);
  });

  it('is never the same twice in a process, and differs between processes by a random prefix', () => {
    const made = Array.from({ length: 1000 }, () => requestIdOf(withHeader()));
    expect(new Set(made).size).toBe(1000);
    expect(new Set(made.map((id) => id.split('-')[0])).size).toBe(1);
  });
});

describe('what a request leaves behind', () => {
  async function observed(level: string, paths: string[]): Promise<{ lines: Record<string, unknown>[]; metrics: string }> {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(JSON.parse(chunk.toString()))) });
    const metrics = new Metrics('gateway');
    const app = Fastify({ genReqId: requestIdOf });
    observeRequests(app, { logger: createLogger('gateway', level, sink), metrics });
    for (const path of paths) app.get(path, async () => ({ ok: true }));
    for (const path of paths)
      expect((await app.inject({ method: 'GET', url: path, headers: { 'x-request-id': 'r-1' } })).headers['x-request-id']).toBe('r-1');
    await app.close();
    return { lines, metrics: (await metrics.scrape()).text };
  }

  it('is a log line and a duration for an API request, nothing at info level for a probe', async () => {
    const { lines, metrics } = await observed('info', ['/api/v1/users/me', '/health', '/metrics']);
    expect(lines).toEqual([expect.objectContaining({ msg: 'request', route: '/api/v1/users/me', status: 200, correlationId: 'r-1' })]);
    expect(metrics).toContain('route="/api/v1/users/me"');
    expect(metrics).not.toContain('route="/health"');
    expect(metrics).not.toContain('route="/metrics"');
  });

  it("is a probe's line at debug level, still with no duration", async () => {
    const { lines, metrics } = await observed('debug', ['/health']);
    expect(lines).toEqual([expect.objectContaining({ msg: 'request', route: '/health', status: 200, level: 20 })]);
    expect(metrics).not.toContain('route="/health"');
  });
});
