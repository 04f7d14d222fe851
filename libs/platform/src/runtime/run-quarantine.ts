import type { Redis } from 'ioredis';
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { eventsTopic, type ServiceName } from '@zulip-es/contracts';
import { PROJECTION_CONSUMER } from '../event-store/event-store';
import type { Logger } from '../logging/logger';
import { Quarantine, type QuarantinedEvent, type QuarantineStore } from '../quarantine/quarantine';
import { MongoQuarantineStore, RedisQuarantineStore } from '../quarantine/quarantine-stores';
import { rebuildProjection, type RebuildArgs } from './rebuild-projection';
import { runMain } from './run-main';

/** Operator commands that rewrite a service's projection run only while the service is stopped. */
export async function refuseWhileRunning(service: string, port: number, doing: string): Promise<void> {
  const running = await fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    () => false,
  );
  if (running) throw new Error(`${service} is running (health port ${port}); stop it before ${doing}`);
}

const USAGE = 'usage: npm run quarantine -- <service> list|replay|clear';

/** What the quarantine command works on: the service's store, and its projection for a replay. */
export interface QuarantineTarget {
  service: ServiceName;
  /** The service's health port (a replay refuses while it answers). */
  port: number;
  db: Connection;
  kafka: () => Kafka;
  logger: Logger;
  projection: () => Pick<RebuildArgs, 'projection' | 'projectionOn'>;
}

/**
 * `npm run quarantine -- <service> list|replay|clear` for a domain service
 * (quarantineDomainService), answered with the exit code:
 * - list: the events its projection or read models could not apply;
 * - replay (the service stopped): rebuilds the projection from its events topic through the
 *   current code. Every event is applied again, in order, so an event quarantined long ago is
 *   not applied on its own on top of a projection that went on without it (projections skip
 *   events older than what they hold). Events that apply now leave the quarantine; those that
 *   still fail stay. Read models re-read their topics at every start of the service, which
 *   takes out of quarantine the events they apply now;
 * - clear: forgets every entry (after an operator has dealt with them).
 */
export async function quarantineCommand(target: QuarantineTarget, action: string | undefined): Promise<number> {
  const { service, db, logger } = target;
  const store = new MongoQuarantineStore(db);
  if (action !== 'replay') return listOrClear(service, store, action);
  await refuseWhileRunning(service, target.port, 'replaying its quarantined events');
  const { projection, projectionOn } = target.projection();
  const { events, replayed, applied, remaining } = await replayQuarantine(
    { kafka: target.kafka(), db, topic: eventsTopic(service), projection, projectionOn, logger },
    store,
  );
  console.log(`${service}: projection rebuilt from ${events} events; ${applied.length} of ${replayed.length} quarantined events apply now`);
  printEntries(service, remaining);
  const readModels = remaining.filter((e) => e.consumer !== PROJECTION_CONSUMER).length;
  if (readModels > 0) console.log(`${readModels} entries of read models are tried again at the next start of ${service}`);
  return 0;
}

export interface ReplayReport {
  /** Events the rebuild applied. */
  events: number;
  /** The projection's entries before the replay, and those of them that apply now. */
  replayed: QuarantinedEvent[];
  applied: QuarantinedEvent[];
  /** Every entry after the replay. */
  remaining: QuarantinedEvent[];
}

/** Rebuilds the projection through the current code with `store` as its quarantine (see quarantineCommand). */
export async function replayQuarantine(args: Omit<RebuildArgs, 'quarantine'>, store: QuarantineStore): Promise<ReplayReport> {
  const replayed = (await store.list()).filter((e) => e.consumer === PROJECTION_CONSUMER);
  const events = await rebuildProjection({ ...args, quarantine: new Quarantine(store, args.logger) });
  const remaining = await store.list();
  const still = new Set(remaining.map((e) => e._id));
  return { events, replayed, applied: replayed.filter((e) => !still.has(e._id)), remaining };
}

/**
 * The same command for the gateway and realtime, whose state is in memory and read again from
 * the topics at every start: `replay` is a restart of the service, which takes out of quarantine
 * the events it applies now.
 */
export function runRedisQuarantine(service: string, connect: () => Redis, [action] = process.argv.slice(2)): void {
  runMain(async () => {
    const redis = connect();
    try {
      if (action === 'replay') {
        console.log(
          `${service} reads its topics again from the first record at every start: restart it to replay its quarantined events through the current code; those that apply then leave the quarantine.`,
        );
        printEntries(service, await new RedisQuarantineStore(redis, service).list());
        return;
      }
      process.exitCode = await listOrClear(service, new RedisQuarantineStore(redis, service), action);
    } finally {
      redis.disconnect();
    }
  });
}

async function listOrClear(service: string, store: QuarantineStore, action: string | undefined): Promise<number> {
  if (action !== 'list' && action !== 'clear') {
    console.error(USAGE);
    return 2;
  }
  const entries = await store.list();
  printEntries(service, entries);
  if (action === 'clear') {
    for (const entry of entries) await store.remove(entry._id);
    console.log(`${service}: ${entries.length} entries removed from the quarantine`);
  }
  return 0;
}

function printEntries(service: string, entries: QuarantinedEvent[]): void {
  console.log(`${service}: ${entries.length} quarantined event${entries.length === 1 ? '' : 's'}`);
  for (const e of entries) {
    console.log(
      `  ${e.at}  ${e.consumer}  ${e.topic}:${e.partition}:${e.offset}  ${e.eventType ?? '(type unknown)'}  ${e.eventId ?? '(id unknown)'}\n    ${e.error}`,
    );
  }
}
