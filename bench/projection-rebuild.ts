import { randomBytes } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { eventsTopic } from '../libs/contracts/src';
import { StackEndpointsSchema } from '../libs/platform/src/config/stack-endpoints';
import { createKafka } from '../libs/platform/src/kafka/kafka-client';
import { createLogger } from '../libs/platform/src/logging/logger';
import { encodeParams } from '../libs/testing/src/zulip-client';
import { connectMongo } from '../libs/platform/src/mongo/connect-mongo';
import { rebuildProjection } from '../libs/platform/src/runtime/rebuild-projection';
import { MessagesProjection } from '../services/messages/src/projection/messages.projection';
import { MessagesRepository } from '../services/messages/src/projection/messages.repository';
import { UsersProjection } from '../services/users/src/projection/users.projection';
import { UsersRepository } from '../services/users/src/projection/users.repository';

export interface RebuildMeasurement {
  topic: string;
  events: number;
  /** Events per second of a bare kafkajs consumer reading the topic from its first record. */
  rawPerSecond: number;
  /** Events per second of a projection rebuild of the same topic into a scratch database. */
  rebuildPerSecond: number;
  documents: number;
  /** Events per second of a rebuild that only inserted the documents it produced (`storeFloor`). */
  storeFloorPerSecond: number;
}

/**
 * PERFORMANCE.md: a projection rebuild against a raw kafkajs consume of the same topic. The users
 * projection is rebuilt into a scratch database (the running service's own is left alone, and
 * so is the presence kept in Redis: the scratch projection writes Mongo only).
 */
export async function measureUsersRebuild(): Promise<RebuildMeasurement> {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('bench-rebuild', 'warn');
  const kafka = createKafka('bench-rebuild', KAFKA_BROKERS, logger);
  const topic = eventsTopic('users');
  const raw = await rawConsume(kafka, topic);
  const db = await connectMongo(MONGO_URL, `users_bench_rebuild_${randomBytes(3).toString('hex')}`);
  try {
    await keepOutcomes(MONGO_URL, 'users', db);
    const started = process.hrtime.bigint();
    const projection = new UsersProjection(new UsersRepository(db));
    const events = await rebuildProjection({
      kafka,
      db,
      topic,
      projection,
      projectionOn: (other) => new UsersProjection(new UsersRepository(other)),
      logger,
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const floor = await storeFloor(MONGO_URL, db);
    return {
      topic,
      events,
      rawPerSecond: raw.events / raw.seconds,
      rebuildPerSecond: events / seconds,
      documents: floor.documents,
      storeFloorPerSecond: events / floor.seconds,
    };
  } finally {
    await db.dropDatabase();
    await db.close();
  }
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
 * drafts, topic policies): messages.events rebuilt into a scratch database through the
 * write-behind buffer, as the service rebuilds (`projectionOn`). 3,000 messages are sent first.
 */
export async function measureMessagesRebuild(gatewayUrl: string, authorization: string): Promise<RebuildMeasurement> {
  await sendMessages(gatewayUrl, authorization, MESSAGES_FOR_REBUILD);
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('bench-rebuild', 'warn');
  const kafka = createKafka('bench-rebuild', KAFKA_BROKERS, logger);
  const topic = eventsTopic('messages');
  const raw = await rawConsume(kafka, topic);
  const db = await connectMongo(MONGO_URL, `messages_bench_rebuild_${randomBytes(3).toString('hex')}`);
  try {
    await keepOutcomes(MONGO_URL, 'messages', db);
    const started = process.hrtime.bigint();
    const projection = new MessagesProjection(new MessagesRepository(db));
    const events = await rebuildProjection({
      kafka,
      db,
      topic,
      projection,
      projectionOn: (other) => new MessagesProjection(new MessagesRepository(other)),
      logger,
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const floor = await storeFloor(MONGO_URL, db);
    return {
      topic,
      events,
      rawPerSecond: raw.events / raw.seconds,
      rebuildPerSecond: events / seconds,
      documents: floor.documents,
      storeFloorPerSecond: events / floor.seconds,
    };
  } finally {
    await db.dropDatabase();
    await db.close();
  }
}

/**
 * A service rebuilds its projection in its own database, where the commands' outcomes are kept
 * (`rebuildProjection` drops everything else) and its checkpoints say up to where they are all
 * recorded: only later ones are looked up. The scratch database gets a copy of the live outcomes
 * and checkpoints first (not timed), so the rebuild does what it would do in place instead of
 * deriving and writing one outcome per command.
 */
async function keepOutcomes(mongoUrl: string, liveDb: string, scratch: Connection): Promise<void> {
  const live = await connectMongo(mongoUrl, liveDb);
  try {
    // Checkpoints first: a command recorded meanwhile then only adds an outcome they do not vouch for.
    for (const name of ['checkpoints', 'command_outcomes']) {
      const docs = await live.collection(name).find({}).toArray();
      for (let i = 0; i < docs.length; i += 1_000) await scratch.collection(name).insertMany(docs.slice(i, i + 1_000), { ordered: false });
    }
  } finally {
    await live.close();
  }
}

/** Kept from before the rebuild (copied in), or its bookkeeping: not documents the rebuild produced. */
const NOT_PROJECTED = new Set(['command_outcomes', 'checkpoints', 'projection_meta']);
/** As many documents per request as a rebuild's write-behind buffer writes at most per flush. */
const FLOOR_BATCH = 5_000;

/**
 * The store's floor for a rebuild: the documents the rebuild produced (read back, not timed)
 * inserted into another scratch database in bulk, timed, and nothing else.
 */
async function storeFloor(mongoUrl: string, rebuilt: Connection): Promise<{ documents: number; seconds: number }> {
  const names = (await rebuilt.db!.listCollections().toArray()).map((c) => c.name).filter((name) => !NOT_PROJECTED.has(name));
  const collections = await Promise.all(names.map(async (name) => ({ name, docs: await rebuilt.collection(name).find({}).toArray() })));
  const scratch = await connectMongo(mongoUrl, `bench_store_floor_${randomBytes(3).toString('hex')}`);
  try {
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
