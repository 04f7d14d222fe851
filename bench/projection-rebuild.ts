import { randomBytes } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { eventsTopic } from '../libs/contracts/src';
import { StackEndpointsSchema } from '../libs/platform/src/config/stack-endpoints';
import { OUTCOMES_COLLECTION } from '../libs/platform/src/event-store/command-outcomes';
import { createKafka } from '../libs/platform/src/kafka/kafka-client';
import { createLogger } from '../libs/platform/src/logging/logger';
import { connectMongo } from '../libs/platform/src/mongo/connect-mongo';
import { newestProjection } from '../libs/platform/src/mongo/projection-databases';
import { QUARANTINE_COLLECTION } from '../libs/platform/src/quarantine/quarantine-stores';
import { encodeParams } from '../libs/testing/src/zulip-client';
import type { ServiceProcess } from '../infra/system/service-process';
import { operatorRebuild, whileStopped } from './lib/operator-rebuild';

export interface RebuildMeasurement {
  topic: string;
  events: number;
  /** Events per second of a bare kafkajs consumer reading the topic from its first record. */
  rawPerSecond: number;
  /** Events per second of `npm run rebuild -- <service>`, by the time it reports. */
  rebuildPerSecond: number;
  /** Seconds the whole command took, from its start to its exit. */
  rebuildWallSeconds: number;
  documents: number;
  /** Events per second of a rebuild that only inserted the documents it produced (`storeFloor`). */
  storeFloorPerSecond: number;
}

/**
 * PERFORMANCE.md: a projection rebuild against a raw kafkajs consume of the same topic, as an
 * operator rebuilds: the service stopped, `npm run rebuild -- <service>` (which drops the
 * projection in the service's database and replays its events topic), the service started again.
 */
export async function measureUsersRebuild(users: ServiceProcess): Promise<RebuildMeasurement> {
  return measureRebuild('users', users);
}

/** Messages sent before the messages rebuild, so its topic holds sends of every kind whatever else the run did. */
const MESSAGES_FOR_REBUILD = 3_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** `count` channel messages over a few topics of a channel created for it, 8 at a time. */
async function sendMessages(gatewayUrl: string, authorization: string, count: number): Promise<void> {
  const created = await fetch(`${gatewayUrl}/api/v1/channels/create`, {
    method: 'POST',
    headers: { authorization, ...form },
    body: encodeParams({ name: `bench-rebuild-${randomBytes(4).toString('hex')}`, subscribers: [] }).toString(),
  });
  if (!created.ok) throw new Error(`bench: could not create the rebuild channel (${created.status})`);
  const { id } = (await created.json()) as { id: number };
  let next = 0;
  const sender = async () => {
    for (let n = next++; n < count; n = next++) {
      const body = encodeParams({ type: 'stream', to: String(id), topic: `topic ${n % 10}`, content: `Rebuild message ${n}` }).toString();
      // A 503 (the service answered after the gateway's timeout) may still have been sent: fine here.
      const res = await fetch(`${gatewayUrl}/api/v1/messages`, { method: 'POST', headers: { authorization, ...form }, body });
      if (!res.ok && res.status !== 503) throw new Error(`bench: a message for the rebuild failed (${res.status}: ${await res.text()})`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, sender));
}

/**
 * The same for the messages projection (channels, subscriptions, messages and their id lists,
 * drafts, topic policies), after 3,000 messages sent through the API.
 */
export async function measureMessagesRebuild(
  gatewayUrl: string,
  authorization: string,
  messages: ServiceProcess,
): Promise<RebuildMeasurement> {
  await sendMessages(gatewayUrl, authorization, MESSAGES_FOR_REBUILD);
  return measureRebuild('messages', messages);
}

async function measureRebuild(service: 'users' | 'messages', instance: ServiceProcess): Promise<RebuildMeasurement> {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('bench-rebuild', 'warn');
  const topic = eventsTopic(service);
  const raw = await rawConsume(createKafka('bench-rebuild', KAFKA_BROKERS, logger), topic);
  // The documents are read back while the service is stopped, so they are the rebuild's alone.
  const { rebuild, floor } = await whileStopped(instance, async () => {
    const rebuild = await operatorRebuild(service, instance);
    return { rebuild, floor: await storeFloor(MONGO_URL, service) };
  });
  return {
    topic,
    events: rebuild.events,
    rawPerSecond: raw.events / raw.seconds,
    rebuildPerSecond: rebuild.events / rebuild.seconds,
    rebuildWallSeconds: rebuild.wallSeconds,
    documents: floor.documents,
    storeFloorPerSecond: rebuild.events / floor.seconds,
  };
}

/**
 * Not documents the rebuild produced: what it keeps (the command outcomes and the quarantine, see
 * README) and its bookkeeping.
 */
const NOT_PROJECTED = new Set([OUTCOMES_COLLECTION, QUARANTINE_COLLECTION, 'checkpoints', 'projection_meta']);
/** As many documents per request as a rebuild's write-behind buffer writes at most per flush. */
const FLOOR_BATCH = 5_000;

/**
 * The store's floor for a rebuild: the documents the rebuild produced in the service's database
 * (every collection but those above, read back as they are, not timed) inserted into a scratch
 * database in bulk, timed, and nothing else.
 */
async function storeFloor(mongoUrl: string, service: string): Promise<{ documents: number; seconds: number }> {
  const rebuilt = await connectMongo(mongoUrl, await currentDatabase(mongoUrl, service));
  const scratch = await connectMongo(mongoUrl, `bench_store_floor_${randomBytes(3).toString('hex')}`);
  try {
    const names = (await rebuilt.db!.listCollections().toArray()).map((c) => c.name).filter((name) => !NOT_PROJECTED.has(name));
    const collections = await Promise.all(names.map(async (name) => ({ name, docs: await rebuilt.collection(name).find({}).toArray() })));
    const started = process.hrtime.bigint();
    for (const { name, docs } of collections) {
      for (let i = 0; i < docs.length; i += FLOOR_BATCH)
        await scratch.collection(name).insertMany(docs.slice(i, i + FLOOR_BATCH), { ordered: true });
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { documents: collections.reduce((n, c) => n + c.docs.length, 0), seconds };
  } finally {
    await scratch.dropDatabase();
    await scratch.close();
    await rebuilt.close();
  }
}

/** The projection database the service's running release uses (the newest of its versions). */
async function currentDatabase(mongoUrl: string, service: string): Promise<string> {
  const admin = await connectMongo(mongoUrl, 'admin');
  try {
    const { databases } = await admin.getClient().db().admin().listDatabases({ nameOnly: true });
    const name = newestProjection(
      databases.map((d) => d.name),
      service,
    );
    if (name === undefined) throw new Error(`no projection database of ${service}`);
    return name;
  } finally {
    await admin.close();
  }
}

/** Reads every record of the topic once, as fast as kafkajs delivers them, with the services' consumer settings. */
async function rawConsume(kafka: Kafka, topic: string): Promise<{ events: number; seconds: number }> {
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, BigInt(p.high)]));
  await admin.disconnect();
  const total = [...ends.values()].reduce((n, high) => n + Number(high), 0);
  const consumer = kafka.consumer({
    groupId: `bench-raw-consume-${randomBytes(4).toString('hex')}`,
    maxWaitTimeInMs: 10,
    maxBytesPerPartition: 4 * 1024 * 1024,
  });
  let seen = 0;
  const started = process.hrtime.bigint();
  try {
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      if (total === 0) return resolve();
      consumer
        .run({
          eachBatch: async ({ batch }) => {
            for (const message of batch.messages) {
              // As a projection must: the record parsed, not merely counted.
              if (message.value) JSON.parse(message.value.toString());
              seen++;
            }
            if (seen >= total) resolve();
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return { events: seen, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}
