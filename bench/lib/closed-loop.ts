import { performance } from 'node:perf_hooks';
import { summarize, type Measurement } from './stats';

/** `attempt` resolves with its latency in ms; a rejection counts as an error. */
export type Attempt = () => Promise<number>;

/** `count` attempts one after another. */
export async function sequential(attempt: Attempt, count: number): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const began = performance.now();
  for (let i = 0; i < count; i++) {
    await attempt().then(
      (ms) => latencies.push(ms),
      () => errors++,
    );
  }
  return summarize(latencies, performance.now() - began, errors);
}

/** `concurrency` loops, each starting its next attempt when the previous one ends, for `seconds`. */
export async function closedLoop(attempt: Attempt, concurrency: number, seconds: number): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const began = performance.now();
  const until = began + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until)
      await attempt().then(
        (ms) => latencies.push(ms),
        () => errors++,
      );
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return summarize(latencies, performance.now() - began, errors);
}
