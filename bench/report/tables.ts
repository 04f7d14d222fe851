import type { Measurement } from '../lib/stats';
import type { Table } from '../lib/table';
import type { BenchResults, MemoryRow, RebuildRow, ResultRow } from './results';
import { memoryVerdict, ratio, verdict, type Verdict } from './targets';

const ms = (v: number): string => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));
const rps = (v: number): string => (v < 100 ? v.toFixed(1) : v.toFixed(0));
const times = (v: number): string => `${v.toFixed(2)}×`;
const mb = (v: number): string => (Number.isNaN(v) ? '–' : v.toFixed(1));
const mark = (v: Verdict): string => (v.pass === undefined ? '' : v.pass ? '✓' : '✗');

const triple = (m: Measurement): string => `${ms(m.p50)} / ${ms(m.p99)} / ${rps(m.rps)}`;
const ratios = (m: Measurement, b: Measurement): string => `${times(ratio(m.p50, b.p50))} / ${times(ratio(m.p99, b.p99))} / ${times(ratio(m.rps, b.rps))}`;

function roundTripRow(row: ResultRow): string[] {
  const { measured: m, baseline: b } = row;
  const v = verdict(row);
  const errors = m.errors === 0 ? '0' : `${m.errors}${m.statuses ? ` (${m.statuses})` : ''}`;
  return [row.name, String(row.concurrency), ms(m.p50), ms(m.p99), rps(m.rps), errors, b ? triple(b) : '', b ? ratios(m, b) : '', v.target, mark(v)];
}

function memoryRow(row: MemoryRow): string[] {
  const v = memoryVerdict(row);
  return [row.service, String(row.pid ?? ''), mb(row.idleMb), row.idleCpuPercent.toFixed(1), mb(row.afterLoadMb), v.target, mark(v)];
}

export function benchTables(results: BenchResults): Table[] {
  return [
    {
      title: 'Round trips (latency ms, throughput req/s; ratio = measured / baseline at the same concurrency)',
      header: ['Round trip', 'conc', 'p50 ms', 'p99 ms', 'req/s', 'errors', 'baseline p50/p99/req/s', 'ratio p50 / p99 / rps', 'target', 'ok'],
      align: ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
      rows: results.rows.map(roundTripRow),
      notes: [
        'Baselines: raw kafka = kafkajs request-reply with an echo process (same client settings as the services);',
        'bare HTTP = NestJS + FastifyAdapter, one GET route. /users/me and POST /users are compared with raw kafka, /health with bare HTTP.',
        'Presence rows (raw kafka baseline): pings rotate over their users; GET /realm/presence (E18) answers every present user (legacy format).',
        'E5 and E6 (raw kafka baseline) are decided one at a time for the organization (key realm); each request appends an event.',
        ...(results.notes ?? []),
      ],
    },
    {
      title: 'Memory (RSS from /proc; idle CPU = share of one core over the idle wait)',
      header: ['Service', 'pid', 'idle MB', 'idle CPU %', 'after load MB', 'target', 'ok'],
      align: ['l', 'r', 'r', 'r', 'r', 'l', 'l'],
      rows: results.memory.map(memoryRow),
    },
    ...(results.rebuild ? [rebuildTable(results.rebuild)] : []),
  ];
}

/** PERFORMANCE.md: a projection rebuild at ≥ 0.5× the rate of a raw kafkajs consume of the same topic. */
function rebuildTable(row: RebuildRow): Table {
  const r = row.rebuildPerSecond / row.rawPerSecond;
  return {
    title: 'Projection rebuild (events/s; ratio = rebuild / raw consume of the same topic)',
    header: ['Topic', 'events', 'raw consume ev/s', 'rebuild ev/s', 'ratio', 'target', 'ok'],
    align: ['l', 'r', 'r', 'r', 'r', 'l', 'l'],
    rows: [[row.topic, String(row.events), row.rawPerSecond.toFixed(0), row.rebuildPerSecond.toFixed(0), times(r), '≥ 0.5× raw consume', r >= 0.5 ? '✓' : '✗']],
    notes: [
      'The users projection rebuilt into a scratch database (Mongo only), through the write-behind buffer of a rebuild:',
      'the events are applied in memory and the documents written in bulk, so the store\'s insert rate bounds the rebuild.',
    ],
  };
}
