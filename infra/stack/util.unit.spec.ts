import { HEARTBEAT_MS, withHeartbeat } from './util';

describe('a long provisioning step', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says every 10 s that it is still going, with the elapsed time and its progress', async () => {
    const said: string[] = [];
    let finish!: () => void;
    let compiled = 0;
    const step = withHeartbeat(
      (line) => said.push(line),
      'minio: building',
      () => new Promise<void>((resolve) => (finish = resolve)),
      () => (compiled > 0 ? `${compiled} packages compiled` : undefined),
    );
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
    compiled = 312;
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(said).toEqual(['minio: building… 10 s', 'minio: building… 20 s (312 packages compiled)']);
    expect(HEARTBEAT_MS).toBeLessThanOrEqual(15_000);

    finish();
    await step;
    await jest.advanceTimersByTimeAsync(3 * HEARTBEAT_MS);
    expect(said).toHaveLength(2);
  });

  it('stops saying so when the step fails, and passes the failure on', async () => {
    const said: string[] = [];
    const step = withHeartbeat(
      (line) => said.push(line),
      'kafka: fetching',
      () => Promise.reject(new Error('mvn failed')),
    );
    await expect(step).rejects.toThrow('mvn failed');
    await jest.advanceTimersByTimeAsync(3 * HEARTBEAT_MS);
    expect(said).toEqual([]);
  });
});
