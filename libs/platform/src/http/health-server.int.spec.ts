import { createLogger } from '../logging/logger';
import { startHealthServer, type HealthServer } from './health-server';

describe("a domain service's health endpoint", () => {
  let ready = false;
  let server: HealthServer;
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

  beforeAll(async () => {
    server = await startHealthServer({ service: 'probe', port: 0, logger: createLogger('probe', 'silent'), isReady: () => ready });
  });

  afterAll(() => server.close());

  it('answers 503 "starting" until the service serves, then 200 "ok" with its name and pid', async () => {
    ready = false;
    const starting = await fetch(url('/health'));
    expect(starting.status).toBe(503);
    expect(await starting.json()).toMatchObject({ status: 'starting', service: 'probe' });
    ready = true;
    const serving = await fetch(url('/health'));
    expect(serving.status).toBe(200);
    expect(await serving.json()).toEqual({ status: 'ok', service: 'probe', pid: process.pid, uptime_s: expect.any(Number) });
  });

  it('answers nothing else: other paths and methods are 404', async () => {
    expect((await fetch(url('/'))).status).toBe(404);
    expect((await fetch(url('/health/x'))).status).toBe(404);
    expect((await fetch(url('/health'), { method: 'POST' })).status).toBe(404);
  });
});
