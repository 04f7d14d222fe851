import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { COMMAND_OUTCOMES } from '../event-store/command-outcomes';
import { checkpointOffsets, EventStore, type Projection } from '../event-store/event-store';
import { DURABLE_PRODUCER } from '../kafka/kafka-client';
import type { Logger } from '../logging/logger';
import type { Documents } from '../mongo/document-collection';
import { documentSchema } from '../mongo/document-schema';
import { ModelDocuments } from '../mongo/model-documents';
import { WriteBehindDb } from '../mongo/write-behind-db';
import { Quarantine } from '../quarantine/quarantine';
import { MongoQuarantineStore, QUARANTINE_COLLECTION } from '../quarantine/quarantine-stores';

/** The dedupe log of commands: not a projection (error outcomes have no events), so it is kept. */
const OUTCOMES = COMMAND_OUTCOMES.collection;
/** Kept too: a rebuild re-applies every event, taking out of quarantine those that apply now. */
const KEPT = new Set([OUTCOMES, QUARANTINE_COLLECTION]);
/** Documents held in memory between two bulk writes during a rebuild. */
const FLUSH_EVERY = 5_000;

interface MetaDoc {
  _id: 'version';
  version: number;
}
/** The version of the projection the store holds (see Projection.version). */
const META = documentSchema<MetaDoc>('projection_meta', { version: 'Number' });

export interface RebuildArgs {
  kafka: Kafka;
  db: Connection;
  topic: string;
  projection: Projection;
  /** The same projection over other documents: given, a rebuild writes through a write-behind buffer. */
  projectionOn?: (documents: Documents) => Projection;
  logger: Logger;
  /** Where events that cannot be applied go; by default the quarantine in `db`. */
  quarantine?: Quarantine;
}

/**
 * Throws a service's projection away and applies its events topic again from the first record.
 * Run it with the service stopped (or on a database no instance decides on): a live instance
 * would keep writing the old projection.
 * An event that cannot be applied is quarantined, as at a start, and the rebuild goes on; a
 * quarantined event that applies now leaves the quarantine.
 */
export async function rebuildProjection(args: RebuildArgs): Promise<number> {
  const { kafka, db, topic, logger } = args;
  // Outcomes are written before checkpoints, so every command up to the checkpoints of the
  // projection about to be dropped has its outcome kept; only later ones (a crash between the
  // two writes) are looked up, and derived again when missing.
  const outcomesRecordedThrough = await checkpointOffsets(db);
  for (const name of await collectionNames(db)) {
    if (!KEPT.has(name)) await db.db!.dropCollection(name);
  }
  const buffer = new WriteBehindDb(new ModelDocuments(db), (name) => !KEPT.has(name));
  // First used, first written at each flush: the outcomes reach the store before the checkpoints
  // that vouch for them, should this rebuild be cut short and the next one read those.
  buffer.of(COMMAND_OUTCOMES);
  const projection = args.projectionOn?.(buffer) ?? args.projection;
  const flushWhenFull = async () => {
    if (buffer.pending >= FLUSH_EVERY) await buffer.flush();
  };
  // Catch-up never appends, so the producer stays unconnected.
  // Written at once, not buffered: an entry must not wait for a flush a crash may prevent.
  const quarantine = args.quarantine ?? new Quarantine(new MongoQuarantineStore(db), logger);
  const store = new EventStore(kafka, kafka.producer(DURABLE_PRODUCER), topic, db, projection, logger, {
    afterCatchUpBatch: flushWhenFull,
    quarantine,
    documents: buffer,
  });
  const events = await store.catchUp(outcomesRecordedThrough);
  await buffer.flush();
  // Last: a rebuild cut short leaves no version recorded, so the next start rebuilds again.
  await recordVersion(db, projection);
  return events;
}

/**
 * At start, before the catch-up: a store whose projection is not complete at this version is
 * built from the events first, so nothing is ever decided on documents of another shape. Each
 * version has a database of its own (projectionDatabase), so this builds a new release's
 * projection beside the one the previous release goes on serving from; a build cut short starts
 * over at the next start (the version is recorded last).
 */
export async function rebuildIfStale(args: RebuildArgs): Promise<void> {
  const { db, projection, logger } = args;
  const stored = await new ModelDocuments(db).of(META).findOne({ _id: 'version' });
  const wanted = projection.version ?? 0;
  if (stored?.version === wanted) return;
  logger.info({ database: db.name, stored: stored?.version ?? null, wanted }, 'building the projection from the events');
  const started = Date.now();
  const events = await rebuildProjection(args);
  logger.info({ database: db.name, events, ms: Date.now() - started }, 'projection built');
}

const collectionNames = async (db: Connection): Promise<string[]> => (await db.db!.listCollections().toArray()).map((c) => c.name);

async function recordVersion(db: Connection, projection: Projection): Promise<void> {
  await new ModelDocuments(db).of(META).replaceOne({ _id: 'version' }, { version: projection.version ?? 0 }, { upsert: true });
}
