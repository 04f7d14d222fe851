import { randomBytes, randomUUID } from 'node:crypto';
import type { Admin, Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import type { EventEnvelope, Reply } from '@zulip-es/contracts';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { EventStore, type Projection } from '../event-store/event-store';
import { startHealthApp } from '../nest/health/health-app.testing';
import { ensureTopics } from '../kafka/ensure-topics';
import { createKafka, DURABLE_PRODUCER } from '../kafka/kafka-client';
import { RequestClient } from '../kafka/request-client';
import { TopicFollower } from '../kafka/topic-follower';
import { createLogger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import type { ProjectionDb } from '../mongo/document-collection';
import { documentSchema } from '../mongo/document-schema';
import { documentsOf } from '../mongo/model-documents';
import { CommandProcessor } from '../runtime/command-processor';
import type { CommandHandler, NewEvent } from '../runtime/handlers';
import { applyToReadModel, type ReadModel } from '../runtime/read-model';
import { replayQuarantine } from '../runtime/run-quarantine';
import { Quarantine } from './quarantine';
import { MongoQuarantineStore } from './quarantine-stores';

type NoteDoc = { _id: string; text: string };
const NOTES = documentSchema<NoteDoc>('notes', { text: 'String' });

/** Fails, or stops a test that would otherwise wait forever (a catch-up stuck on an event), after `ms`. */
function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe('quarantine: an event that cannot be applied never stops a service', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('quarantine-test', 'silent');
  const run = randomBytes(4).toString('hex');
  const topics = { commands: `test-${run}.commands`, events: `test-${run}.events`, other: `test-${run}.other-events` };
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  let db: Connection;
  let client: RequestClient;
  let processor: CommandProcessor | undefined;
  let health: Awaited<ReturnType<typeof startHealthApp>> | undefined;
  /** The bug of the release that wrote the events: notes marked `poison` break its evolve. */
  let fixed = false;

  const projectionOn = (on: ProjectionDb): Projection => ({
    async apply(event) {
      if (event.data.poison && !fixed)
        throw new TypeError(`Cannot read properties of undefined (reading 'text') in note ${event.aggregateId}`);
      await documentsOf(on)
        .of(NOTES)
        .replaceOne({ _id: event.aggregateId }, { text: String(event.data.text) }, { upsert: true });
    },
  });
  const notes = async () => (await db.collection<NoteDoc>('notes').find({}).sort({ _id: 1 }).toArray()).map((n) => n._id);
  const note = (id: string, extra: Record<string, unknown> = {}): EventEnvelope => ({
    eventId: randomUUID(),
    type: 'note.written.v1',
    aggregateId: id,
    sequence: 1,
    time: new Date().toISOString(),
    actorId: null,
    correlationId: id,
    causationId: id,
    data: { text: `text of ${id}`, ...extra },
  });
  const appendRaw = (topic: string, events: EventEnvelope[]) =>
    producer.send({
      topic,
      acks: -1,
      messages: events.map((e) => ({ key: e.aggregateId, value: JSON.stringify(e), headers: { type: e.type } })),
    });

  const write: CommandHandler<
    { id: string; poison?: boolean },
    NewEvent<{ type: 'note.written.v1'; data: { text: string; poison?: boolean } }>
  > = {
    kind: 'command',
    schema: z.object({ id: z.string(), poison: z.boolean().optional() }),
    async handle({ data }) {
      return {
        events: [{ type: 'note.written.v1', aggregateId: data.id, sequence: 1, data: { text: `text of ${data.id}`, poison: data.poison } }],
        reply: { written: data.id },
      };
    },
    replyFrom: (events) => ({ written: events[0]?.aggregateId }),
  };
  const send = (id: string, poison?: boolean): Promise<Reply> =>
    client.request(topics.commands, {
      commandId: `cmd-${id}`,
      type: 'note.write',
      kind: 'command',
      key: id,
      correlationId: id,
      actorId: null,
      deadline: Date.now() + 15_000,
      replyTo: client.replyTo,
      after: [],
      data: { id, poison },
    });

  beforeAll(async () => {
    kafka = createKafka(`quarantine-test-${run}`, KAFKA_BROKERS, logger);
    admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, [
      { name: topics.commands, partitions: 2, retention: { ms: 3_600_000 }, purpose: 'test' },
      { name: topics.events, partitions: 2, retention: { ms: 3_600_000 }, purpose: 'test' },
      { name: topics.other, partitions: 1, retention: { ms: 3_600_000 }, purpose: 'test' },
    ]);
    db = await connectMongo(MONGO_URL, `quarantine_test_${run}`);
    producer = kafka.producer(DURABLE_PRODUCER);
    await producer.connect();
    client = new RequestClient(kafka, `quarantine-test-${run}`, logger);
    await client.start();
  });

  afterAll(async () => {
    await processor?.stop();
    await health?.close();
    await client.stop();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topics.commands, topics.events, topics.other, client.replyTo] }).catch(() => undefined);
    await admin.disconnect();
    await db.dropDatabase();
    await db.close();
  });

  it('starts past an event of its own that its projection cannot apply, answers commands, and counts the event in its health answer', async () => {
    const poison = note('n2', { poison: true });
    await appendRaw(topics.events, [note('n1'), poison, note('n3')]);

    const store = new EventStore(kafka, producer, topics.events, db, projectionOn(db), logger);
    processor = new CommandProcessor(
      kafka,
      producer,
      {
        service: 'users',
        commandsTopic: topics.commands,
        groupId: `quarantine-test-${run}`,
        handlers: { 'note.write': write },
        store,
        onFatal: (e) => {
          throw e;
        },
      },
      logger,
    );
    await within(30_000, processor.start(), 'start');
    expect(await notes()).toEqual(['n1', 'n3']);
    expect(await send('n4')).toMatchObject({ ok: true, body: { written: 'n4' } });

    health = await startHealthApp({ ready: () => true, details: () => ({ quarantined_events: store.quarantine.count }) });
    const answer = await fetch(health.url);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'ok', quarantined_events: 1 });

    const [entry, ...others] = await new MongoQuarantineStore(db).list();
    expect(others).toEqual([]);
    expect(entry).toEqual({
      _id: expect.stringMatching(new RegExp(`^projection\\|${topics.events}:\\d:\\d+$`)),
      consumer: 'projection',
      topic: topics.events,
      partition: expect.any(Number),
      offset: expect.stringMatching(/^\d+$/),
      eventType: 'note.written.v1',
      eventId: poison.eventId,
      error: "TypeError: Cannot read properties of undefined (reading 'text') in note n2",
      at: expect.any(String),
    });
    // The checkpoint went past it: the next start applies nothing again.
    await store.flushCheckpoints();
    expect(await new EventStore(kafka, producer, topics.events, db, projectionOn(db), logger).catchUp()).toBe(0);
  }, 60_000);

  it('answers a command whose events its projection cannot apply, quarantines them and goes on deciding (no command makes it exit)', async () => {
    expect(await send('n5', true)).toMatchObject({ ok: true, body: { written: 'n5' } });
    expect(await send('n6')).toMatchObject({ ok: true, body: { written: 'n6' } });
    // Redelivered, the command gets its recorded answer and appends nothing more.
    expect(await send('n5', true)).toMatchObject({ ok: true, body: { written: 'n5' } });
    expect(await notes()).toEqual(['n1', 'n3', 'n4', 'n6']);
    expect((await new MongoQuarantineStore(db).list()).map((e) => e.eventType)).toEqual(['note.written.v1', 'note.written.v1']);
    await processor?.stop();
    processor = undefined;
  }, 60_000);

  it('replay rebuilds the projection through the current code: entries stay while the bug is there, and leave once it is fixed', async () => {
    const store = new MongoQuarantineStore(db);
    const unfixed = await within(
      30_000,
      replayQuarantine({ kafka, db, topic: topics.events, projection: projectionOn(db), projectionOn, logger }, store),
      'replay',
    );
    expect(unfixed).toMatchObject({ events: 6, applied: [] });
    expect(unfixed.remaining).toHaveLength(2);
    expect(await notes()).toEqual(['n1', 'n3', 'n4', 'n6']);

    fixed = true;
    const replayed = await within(
      30_000,
      replayQuarantine({ kafka, db, topic: topics.events, projection: projectionOn(db), projectionOn, logger }, store),
      'replay',
    );
    expect(replayed.applied).toHaveLength(2);
    expect(replayed.remaining).toEqual([]);
    expect(await notes()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    fixed = false;
  }, 60_000);

  it('a read model that cannot apply an event starts past it, and takes it out of quarantine when, fixed, it reads its topics again', async () => {
    await appendRaw(topics.other, [note('r1'), note('r2', { poison: true }), note('r3')]);
    const follow = async (model: ReadModel, quarantine: Quarantine) => {
      const follower = new TopicFollower(
        kafka,
        { name: `quarantine-test-${run}`, topics: model.topics },
        (batch) => applyToReadModel(model, batch, logger, quarantine),
        logger,
      );
      await within(30_000, follower.start(), 'read model start');
      await follower.stop();
    };
    const seen: string[] = [];
    const model: ReadModel = {
      name: 'notes',
      topics: [topics.other],
      apply: (event) => {
        if (event.data.poison && !fixed) throw new Error(`unknown note kind in ${event.aggregateId}`);
        seen.push(event.aggregateId);
      },
    };
    const store = new MongoQuarantineStore(db);
    const quarantine = new Quarantine(store, logger);
    await follow(model, quarantine);
    expect(seen).toEqual(['r1', 'r3']);
    expect(quarantine.count).toBe(1);
    expect((await store.list()).filter((e) => e.consumer === 'read model notes')).toMatchObject([
      { topic: topics.other, partition: 0, offset: '1', error: 'Error: unknown note kind in r2' },
    ]);

    // The next start with the fix: the model reads its topics from the first record again.
    fixed = true;
    seen.length = 0;
    const restarted = new Quarantine(store, logger);
    await follow(model, restarted);
    expect(seen).toEqual(['r1', 'r2', 'r3']);
    expect(restarted.count).toBe(0);
    expect(await store.list()).toEqual([]);
    fixed = false;
  }, 60_000);

  it('quarantines nothing when the store fails rather than the event: such a failure is thrown as before', async () => {
    const ref = { topic: topics.other, partition: 0, offset: 7n, eventType: 'note.written.v1', eventId: null };
    const closed = await connectMongo(MONGO_URL, `quarantine_test_${run}`);
    await closed.close();
    const quarantine = new Quarantine(new MongoQuarantineStore(db), logger, { retryDelayMs: 1 });

    // The projection's store is gone: a driver error, thrown at once.
    const writeToClosed = () => closed.collection('notes').replaceOne({ _id: 'x' as never }, { text: 'x' }, { upsert: true });
    await expect(quarantine.apply(ref, 'projection', writeToClosed)).rejects.toMatchObject({ name: 'MongoNotConnectedError' });

    // An error that says nothing of its cause, while the quarantine's store does not answer either.
    const failing = await connectMongo(MONGO_URL, `quarantine_test_${run}`);
    const unclear = new Quarantine(new MongoQuarantineStore(failing), logger, { retryDelayMs: 1 });
    await unclear.load();
    await failing.close();
    let tries = 0;
    await expect(
      unclear.apply(ref, 'projection', () => {
        tries++;
        throw new Error('write failed');
      }),
    ).rejects.toThrow('write failed');
    expect(tries).toBe(3);
    expect(await new MongoQuarantineStore(db).list()).toEqual([]);
  }, 60_000);
});
