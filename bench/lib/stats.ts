/** One cell of a table: a load at one concurrency. Latencies in ms. */
export interface Measurement {
  p50: number;
  p99: number;
  rps: number;
  /** Successful round trips the figures are computed from. */
  count: number;
  /** Failed requests (transport errors, timeouts, non-2xx); excluded from the latencies. */
  errors: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(latenciesMs: number[], elapsedMs: number, errors: number): Measurement {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    rps: elapsedMs > 0 ? (sorted.length * 1000) / elapsedMs : 0,
    count: sorted.length,
    errors,
  };
}
