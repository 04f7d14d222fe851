import type { MemoryRow, ResultRow } from './results';

/** The targets of ../shared/PERFORMANCE.md that this bench measures. */
export const TARGETS = {
  rawKafkaP50Ms: 10,
  kafkaHopP50Ratio: 1.3,
  kafkaHopP99Ratio: 1.5,
  noKafkaRpsRatio: 0.8,
  idleRssMb: 120,
};

export interface Verdict {
  target: string;
  /** undefined: the row has no target of its own (a baseline). */
  pass?: boolean;
}

export const ratio = (measured: number, baseline: number): number => measured / baseline;

/** A row with failed requests never passes: its figures describe only the requests that succeeded. */
export function verdict(row: ResultRow): Verdict {
  const { measured: m, baseline: b } = row;
  const clean = m.errors === 0;
  switch (row.check) {
    case 'raw-kafka':
      return { target: `p50 ≤ ${TARGETS.rawKafkaP50Ms} ms`, pass: clean && m.p50 <= TARGETS.rawKafkaP50Ms };
    case 'kafka-hop':
      return {
        target: `≤ ${TARGETS.kafkaHopP50Ratio}× p50, ≤ ${TARGETS.kafkaHopP99Ratio}× p99 of raw kafka`,
        pass: clean && !!b && ratio(m.p50, b.p50) <= TARGETS.kafkaHopP50Ratio && ratio(m.p99, b.p99) <= TARGETS.kafkaHopP99Ratio,
      };
    case 'no-kafka':
      return {
        target: `≥ ${TARGETS.noKafkaRpsRatio}× req/s of bare HTTP`,
        pass: clean && !!b && ratio(m.rps, b.rps) >= TARGETS.noKafkaRpsRatio,
      };
    case 'baseline':
      return { target: 'baseline', pass: clean ? undefined : false };
    case 'floor':
      return { target: 'floor of a route doing this work', pass: clean ? undefined : false };
  }
}

export function memoryVerdict(row: MemoryRow): Verdict {
  return { target: `idle ≤ ${TARGETS.idleRssMb} MB`, pass: row.idleMb <= TARGETS.idleRssMb };
}
