import { setTimeout as sleep } from 'node:timers/promises';
import { cpuSeconds, rssMb } from './proc';

export interface IdleSample {
  rss: number;
  /** Share of one core over the last window, in percent. */
  cpu: number;
}

/**
 * The processes' memory once they have settled after start (catch-up, connections, the first
 * GCs): sampled every `windowMs` until no RSS moved by more than `toleranceMb` in a window, or
 * `maxMs` passed. Idle services still poll Kafka, so their CPU never drops to nothing.
 */
export async function settledIdle(
  pids: readonly number[],
  { windowMs = 2_000, maxMs = 30_000, toleranceMb = 1 } = {},
): Promise<IdleSample[]> {
  const started = Date.now();
  let before = pids.map((pid) => ({ rss: rssMb(pid), cpu: cpuSeconds(pid) }));
  for (;;) {
    await sleep(windowMs);
    const now = pids.map((pid) => ({ rss: rssMb(pid), cpu: cpuSeconds(pid) }));
    const samples = now.map((n, i) => ({ rss: n.rss, cpu: ((n.cpu - before[i]!.cpu) * 100_000) / windowMs }));
    const steady = now.every((n, i) => Math.abs(n.rss - before[i]!.rss) <= toleranceMb);
    if (steady || Date.now() - started >= maxMs) return samples;
    before = now;
  }
}

/**
 * Resolves once no process used more than `cpuPercent` of a core over a window of `windowMs`, or
 * after `maxMs`: what they were busy with (events appended in bulk, read by every service that
 * follows their topic) is done. Resolves to the milliseconds waited.
 */
export async function untilQuiet(pids: readonly number[], { cpuPercent = 15, windowMs = 2_000, maxMs = 120_000 } = {}): Promise<number> {
  const started = Date.now();
  let before = pids.map(cpuSeconds);
  for (;;) {
    await sleep(windowMs);
    const now = pids.map(cpuSeconds);
    const busiest = Math.max(0, ...now.map((cpu, i) => ((cpu - before[i]!) * 100_000) / windowMs).filter(Number.isFinite));
    if (busiest <= cpuPercent || Date.now() - started >= maxMs) return Date.now() - started;
    before = now;
  }
}
