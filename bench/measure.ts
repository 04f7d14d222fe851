import { rmSync } from 'node:fs';
import path from 'node:path';
import { SERVICES } from '../infra/system/service-process';
import { measureBareHttp } from './baselines/bare-http';
import { measureKafkaRequestReply } from './baselines/kafka-request-reply';
import { BOUNCER_PORT, CONCURRENCIES } from './config';
import { startFakePushSetup } from '../libs/testing/src/push-stack-env';
import { measurePush } from './push-delivery';
import { measureEvents } from './event-delivery';
import { measureFlags } from './message-flags';
import { httpCell } from './lib/http-load';
import { settledIdle } from './lib/idle';
import { rssMb } from './lib/proc';
import type { Measurement } from './lib/stats';
import type { BenchResults, ResultRow } from './report/results';
import { presenceLoads } from './presence-loads';
import { measureMessagesRebuild, measureUsersRebuild } from './projection-rebuild';
import { eventLoads } from './event-loads';
import { createUserLoad, systemLoads } from './system-loads';
import { startSystemUnderTest } from './system-under-test';
import { userCommandLoads } from './user-command-loads';
import { messageLoads } from './message-loads';
import { measureTopicDeletion } from './topic-deletion';
import { measureTusMemory } from './tus-memory';
import { measureUploadThroughput, measureSmallUploadOverhead } from './upload-throughput';
import { measureMarkdown } from './markdown-rendering';

/** The parts of a run; `npm run bench -- <part> ...` measures only those (default: all). */
export const BENCH_PARTS = ['loads', 'topic-deletion', 'rebuild', 'uploads', 'push', 'events', 'flags', 'markdown'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

const progress = (row: ResultRow): void => {
  const m = row.measured;
  console.log(
    `  ${row.name} c=${row.concurrency}: p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms, ${m.rps.toFixed(0)} req/s, ${m.errors} errors`,
  );
};

/**
 * Everything measured in one run: the system idle, both floors, the system under load, the system
 * after. Logs go to `<benchDir>/logs`; the invitation emails E6 sends to `<benchDir>/outbox`,
 * removed at the end. The push service runs the push bouncer, which pushes to fake providers in
 * this process (with credentials in `<benchDir>/push`), as the test stack's does.
 */
export async function measureAll(benchDir: string, parts: ReadonlySet<BenchPart> = new Set(BENCH_PARTS)): Promise<BenchResults> {
  const logDir = path.join(benchDir, 'logs');
  const outbox = path.join(benchDir, 'outbox');
  const push = await startFakePushSetup({
    providersPort: 0,
    bouncerPort: BOUNCER_PORT,
    credentialsDir: path.join(benchDir, 'push'),
    serverUuid: 'bench-server',
  });
  const { system, authorization } = await startSystemUnderTest(logDir, { EMAIL_OUTBOX_DIR: outbox, ...push.env }).catch(
    async (error: unknown) => {
      await push.fake.close();
      throw error;
    },
  );
  const pids = SERVICES.map((service) => ({ service, pid: system.processes[service].pid }));
  try {
    const idle = await settledIdle(pids.map(({ pid }) => pid!));
    console.log('bench: system idle; measuring the baselines');

    const rows: ResultRow[] = [];
    const add = (row: ResultRow) => {
      rows.push(row);
      progress(row);
    };
    const notes: string[] = [];
    if (parts.has('loads')) notes.push(...(await measureLoads(system.gatewayUrl, authorization, logDir, add)));
    const memory = pids.map(({ service, pid }, i) => ({
      service,
      pid,
      idleMb: idle[i]!.rss,
      idleCpuPercent: idle[i]!.cpu,
      afterLoadMb: rssMb(pid),
    }));
    let topicDeletion;
    if (parts.has('topic-deletion')) {
      console.log('bench: E10, a topic of 100,000 messages, against a raw batched delete');
      topicDeletion = await measureTopicDeletion(system, authorization);
      console.log(
        `  E10 ${topicDeletion.deletionPerSecond.toFixed(0)} messages/s (${topicDeletion.deletionSeconds.toFixed(1)} s), raw ${topicDeletion.rawPerSecond.toFixed(0)} documents/s`,
      );
    }
    let rebuild;
    let messagesRebuild;
    if (parts.has('rebuild')) {
      console.log('bench: rebuilding the users and messages projections with npm run rebuild, each service stopped meanwhile');
      rebuild = await measureUsersRebuild(system.processes.users);
      messagesRebuild = await measureMessagesRebuild(system.gatewayUrl, authorization, system.processes.messages);
    }
    let uploads;
    let smallUpload;
    let tusMemory;
    if (parts.has('uploads')) {
      console.log('bench: E21 uploads against a direct putObject to the same MinIO');
      uploads = await measureUploadThroughput(system.gatewayUrl, authorization);
      console.log('bench: 1 KiB uploads against a direct putObject and the GET /users/me round trip');
      smallUpload = await measureSmallUploadOverhead(system.gatewayUrl, authorization);
      console.log('bench: RSS of the gateway and the uploads service during 64 MiB and 1 GiB tus uploads');
      tusMemory = await measureTusMemory(system.gatewayUrl, authorization, {
        gateway: system.processes.gateway.pid!,
        uploads: system.processes.uploads.pid!,
      });
    }
    let pushBench;
    if (parts.has('push')) {
      console.log('bench: push registrations and notification fan-out, against the push bouncer asked straight away');
      pushBench = await measurePush(system.gatewayUrl, authorization, push);
    }
    let events;
    if (parts.has('events')) {
      console.log('bench: event delivery to long-polls (1 and 1,000 queues), and the gateway holding 10,000 long-polls');
      events = await measureEvents(system.gatewayUrl, authorization, system.processes.gateway.pid!);
    }
    let flags;
    if (parts.has('flags')) {
      console.log('bench: message flags: sends to 1,000 subscribers, register with 50,000 unread, 10,000 marked read at once');
      flags = await measureFlags(system.gatewayUrl, authorization);
    }
    let markdown;
    if (parts.has('markdown')) {
      console.log('bench: Markdown rendering, typical and worst-case messages, against plain markdown-it');
      markdown = measureMarkdown();
    }
    return {
      rows,
      memory,
      rebuild,
      messagesRebuild,
      topicDeletion,
      uploads,
      smallUpload,
      tusMemory,
      push: pushBench,
      events,
      flags,
      markdown,
      notes,
    };
  } finally {
    await system.stop();
    await push.fake.close();
    rmSync(outbox, { recursive: true, force: true });
  }
}

/** Both floors and every HTTP load at each concurrency; returns the notes of how data was set up. */
async function measureLoads(gatewayUrl: string, authorization: string, logDir: string, add: (row: ResultRow) => void): Promise<string[]> {
  const kafka = await measureKafkaRequestReply(CONCURRENCIES, logDir);
  for (const c of CONCURRENCIES) add({ name: 'raw kafka request-reply', concurrency: c, measured: kafka.get(c)!, check: 'raw-kafka' });
  const { plain: bare, redis: bareRedis } = await measureBareHttp(CONCURRENCIES, logDir);
  for (const c of CONCURRENCIES) add({ name: 'bare HTTP (Nest+fastify)', concurrency: c, measured: bare.get(c)!, check: 'baseline' });
  for (const c of CONCURRENCIES)
    add({ name: 'bare HTTP + one Redis script', concurrency: c, measured: bareRedis.get(c)!, baseline: bare.get(c), check: 'floor' });

  console.log('bench: measuring the system');
  const floors: Record<'kafka' | 'http', Map<number, Measurement>> = { kafka, http: bare };
  const presence = await presenceLoads(gatewayUrl, authorization);
  for (const note of presence.notes) console.log(`bench: ${note}`);
  const loads = [
    ...systemLoads(gatewayUrl, authorization),
    ...(await eventLoads(gatewayUrl, authorization)),
    ...presence.loads,
    ...userCommandLoads(gatewayUrl, authorization, presence.accounts),
    ...(await messageLoads(gatewayUrl, authorization)),
    createUserLoad(gatewayUrl, authorization),
  ];
  for (const load of loads) {
    for (const c of CONCURRENCIES) {
      const measured = await httpCell(load.target, c);
      add({
        name: load.name,
        concurrency: c,
        measured,
        baseline: floors[load.floor].get(c),
        check: load.floor === 'kafka' ? 'kafka-hop' : 'no-kafka',
      });
    }
  }
  return presence.notes;
}
