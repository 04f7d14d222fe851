import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICES } from '../infra/system/service-process';
import { measureBareHttp } from './baselines/bare-http';
import { measureKafkaRequestReply } from './baselines/kafka-request-reply';
import { CONCURRENCIES, IDLE_SETTLE_MS } from './config';
import { httpCell } from './lib/http-load';
import { cpuSeconds, rssMb } from './lib/proc';
import type { Measurement } from './lib/stats';
import type { BenchResults, ResultRow } from './report/results';
import { presenceLoads } from './presence-loads';
import { measureUsersRebuild } from './projection-rebuild';
import { createUserLoad, systemLoads } from './system-loads';
import { startSystemUnderTest } from './system-under-test';
import { userCommandLoads } from './user-command-loads';
import { messageLoads } from './message-loads';

const progress = (row: ResultRow): void => {
  const m = row.measured;
  console.log(`  ${row.name} c=${row.concurrency}: p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms, ${m.rps.toFixed(0)} req/s, ${m.errors} errors`);
};

/**
 * Everything measured in one run: the system idle, both floors, the system under load, the system
 * after. Logs go to `<benchDir>/logs`; the invitation emails E6 sends to `<benchDir>/outbox`,
 * removed at the end.
 */
export async function measureAll(benchDir: string): Promise<BenchResults> {
  const logDir = path.join(benchDir, 'logs');
  const outbox = path.join(benchDir, 'outbox');
  const { system, authorization } = await startSystemUnderTest(logDir, { EMAIL_OUTBOX_DIR: outbox });
  const pids = SERVICES.map((service) => ({ service, pid: system.processes[service].pid }));
  try {
    const cpuBefore = pids.map(({ pid }) => cpuSeconds(pid));
    await sleep(IDLE_SETTLE_MS);
    const idle = pids.map(({ pid }, i) => ({ rss: rssMb(pid), cpu: ((cpuSeconds(pid) - cpuBefore[i]!) * 100_000) / IDLE_SETTLE_MS }));
    console.log('bench: system idle; measuring the baselines');

    const rows: ResultRow[] = [];
    const add = (row: ResultRow) => {
      rows.push(row);
      progress(row);
    };
    const kafka = await measureKafkaRequestReply(CONCURRENCIES, logDir);
    for (const c of CONCURRENCIES) add({ name: 'raw kafka request-reply', concurrency: c, measured: kafka.get(c)!, check: 'raw-kafka' });
    const bare = await measureBareHttp(CONCURRENCIES, logDir);
    for (const c of CONCURRENCIES) add({ name: 'bare HTTP (Nest+fastify)', concurrency: c, measured: bare.get(c)!, check: 'baseline' });

    console.log('bench: measuring the system');
    const floors: Record<'kafka' | 'http', Map<number, Measurement>> = { kafka, http: bare };
    const presence = await presenceLoads(system.gatewayUrl, authorization);
    for (const note of presence.notes) console.log(`bench: ${note}`);
    const loads = [
      ...systemLoads(system.gatewayUrl, authorization),
      ...presence.loads,
      ...userCommandLoads(system.gatewayUrl, authorization, presence.accounts),
      ...(await messageLoads(system.gatewayUrl, authorization)),
      createUserLoad(system.gatewayUrl, authorization),
    ];
    for (const load of loads) {
      for (const c of CONCURRENCIES) {
        const measured = await httpCell(load.target, c);
        add({ name: load.name, concurrency: c, measured, baseline: floors[load.floor].get(c), check: load.floor === 'kafka' ? 'kafka-hop' : 'no-kafka' });
      }
    }

    const memory = pids.map(({ service, pid }, i) => ({ service, pid, idleMb: idle[i]!.rss, idleCpuPercent: idle[i]!.cpu, afterLoadMb: rssMb(pid) }));
    console.log('bench: rebuilding the users projection into a scratch database');
    const rebuild = await measureUsersRebuild();
    return { rows, memory, rebuild, notes: presence.notes };
  } finally {
    await system.stop();
    rmSync(outbox, { recursive: true, force: true });
  }
}
