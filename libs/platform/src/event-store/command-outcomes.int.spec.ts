import { randomBytes, randomUUID } from 'node:crypto';
import type { Admin, Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import type { EventEnvelope, Reply } from '@zulip-es/contracts';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { DomainError } from '../errors/domain-error';
import { ensureTopics } from '../kafka/ensure-topics';
import { createKafka, DURABLE_PRODUCER } from '../kafka/kafka-client';
import { RequestClient } from '../kafka/request-client';
import { createLogger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import { CommandProcessor } from '../runtime/command-processor';
import type { CommandHandler, NewEvent } from '../runtime/handlers';
import { rebuildProjection } from '../runtime/rebuild-projection';
import { COMMAND_DEADLINE_HEADER, EventStore, type Projection } from './event-store';

const KEPT_MS = 60_000;
const HOUR = 3_600_000;

describe('command outcomes are kept while their command can be delivered, then pruned', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('outcomes-test', 'silent');
  const run = randomBytes(4).toString('hex');
  const topics = { commands: `test-${run}.commands`, events: `test-${run}.events` };
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  let db: Connection;
  let client: RequestClient;
  let store: EventStore;
  let processor: CommandProcessor;
  let count = 0;

  const projection: Projection = { apply: async () => void count++ };
  const outcomes = () => db.collection<{ _id: string; expiresAt?: number }>('command_outcomes');
  const storeWith = (on: Connection = db) =>
    new EventStore(kafka, producer, topics.events, on, projection, logger, { outcomes: { keptAfterDeadlineMs: KEPT_MS } });

  /** `count.add` appends an event and answers the count; `count.refuse` changes nothing and answers an error. */
  const add: CommandHandler<Record<string, never>, NewEvent<{ type: 'count.added.v1'; data: Record<string, never> }>> = {
    kind: 'command',
    schema: z.object({}),
    handle: async () => ({
      events: [{ type: 'count.added.v1', aggregateId: 'count', sequence: count + 1, data: {} }],
      reply: { count: count + 1 },
    }),
    replyFrom: () => ({ replayed: true }),
  };
  const refuse: CommandHandler<Record<string, never>> = {
    kind: 'command',
    schema: z.object({}),
    handle: async () => {
      throw new DomainError('BAD_REQUEST', `refused at ${count}`);
    },
    replyFrom: () => ({}),
  };
  const send = (commandId: string, type: string, deadline: number): Promise<Reply> =>
    client.request(topics.commands, {
      commandId,
      type,
      kind: 'command',
      key: 'count',
      correlationId: commandId,
      actorId: null,
      deadline,
      replyTo: client.replyTo,
      after: [],
      data: {},
    });
  const appendRaw = (commandId: string, time: Date, deadline?: number) => {
    const event: EventEnvelope = {
      eventId: randomUUID(),
      type: 'count.added.v1',
      aggregateId: 'count',
      sequence: 1,
      time: time.toISOString(),
      actorId: null,
      correlationId: commandId,
      causationId: commandId,
      data: {},
    };
    const headers = { type: event.type, ...(deadline === undefined ? {} : { [COMMAND_DEADLINE_HEADER]: String(deadline) }) };
    return producer.send({ topic: topics.events, acks: -1, messages: [{ key: 'count', value: JSON.stringify(event), headers }] });
  };

  beforeAll(async () => {
    kafka = createKafka(`outcomes-test-${run}`, KAFKA_BROKERS, logger);
    admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, [
      { name: topics.commands, partitions: 1, retention: { ms: 3_600_000 }, purpose: 'test' },
      { name: topics.events, partitions: 1, retention: { ms: 3_600_000 }, purpose: 'test' },
    ]);
    db = await connectMongo(MONGO_URL, `outcomes_test_${run}`);
    producer = kafka.producer(DURABLE_PRODUCER);
    await producer.connect();
    client = new RequestClient(kafka, `outcomes-test-${run}`, logger);
    await client.start();
    store = storeWith();
    processor = new CommandProcessor(
      kafka,
      producer,
      {
        service: 'users',
        commandsTopic: topics.commands,
        groupId: `outcomes-test-${run}`,
        handlers: { 'count.add': add, 'count.refuse': refuse },
        store,
        onFatal: (e) => {
          throw e;
        },
      },
      logger,
    );
    await processor.start();
  });

  afterAll(async () => {
    await processor.stop();
    await client.stop();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topics.commands, topics.events, client.replyTo] }).catch(() => undefined);
    await admin.disconnect();
    await db.dropDatabase();
    await db.close();
  });

  it('answers a redelivery within its deadline from the recorded outcome, and removes the outcome once past its lifetime', async () => {
    const deadline = Date.now() + 15_000;
    expect(await send('c1', 'count.add', deadline)).toMatchObject({ ok: true, body: { count: 1 } });
    expect(await send('e1', 'count.refuse', deadline)).toMatchObject({ ok: false, error: { msg: 'refused at 1' } });
    await store.flushCheckpoints();

    // Pruned now, nothing goes: both commands can still be delivered.
    expect(await store.pruneOutcomes()).toBe(0);
    expect(await send('c1', 'count.add', deadline)).toMatchObject({ ok: true, body: { replayed: true } });
    expect(await send('e1', 'count.refuse', deadline)).toMatchObject({ ok: false, error: { msg: 'refused at 1' } });
    expect(count).toBe(1);
    expect(await outcomes().findOne({ _id: 'c1' })).toMatchObject({ expiresAt: deadline + KEPT_MS });

    // An outcome an earlier release recorded, without a time of its own.
    await outcomes().insertOne({ _id: 'legacy', eventsJson: '[]', positions: [] } as never);
    // Past their lifetime (the deadline and the time kept after it), they are deleted.
    const later = deadline + KEPT_MS + 1;
    expect(await store.pruneOutcomes(later)).toBe(2);
    expect(await store.outcomeOf('c1')).toBeNull();
    expect(await store.outcomeOf('e1')).toBeNull();
    // The earlier release's outcome gets a lifetime from the first pruning that sees it.
    expect(await outcomes().findOne({ _id: 'legacy' })).toMatchObject({ expiresAt: later + KEPT_MS });
    expect(await outcomes().countDocuments()).toBe(1);
    await outcomes().deleteOne({ _id: 'legacy' });
  }, 60_000);

  it('keeps the outcome of a command sent again with a later deadline (a relay that got no answer) for as long as that delivery needs', async () => {
    const first = Date.now() + 15_000;
    expect(await send('c2', 'count.add', first)).toMatchObject({ ok: true, body: { count: 2 } });
    const again = first + 40_000;
    expect(await send('c2', 'count.add', again)).toMatchObject({ ok: true, body: { replayed: true } });
    for (let i = 0; i < 50 && (await outcomes().findOne({ _id: 'c2' }))?.expiresAt !== again + KEPT_MS; i++)
      await new Promise((r) => setTimeout(r, 50));

    expect(await store.pruneOutcomes(first + KEPT_MS + 1)).toBe(0);
    expect(await send('c2', 'count.add', again)).toMatchObject({ ok: true, body: { replayed: true } });
    expect(await store.pruneOutcomes(again + KEPT_MS + 1)).toBe(1);
  }, 60_000);

  it('derives no outcome, at catch-up or in a rebuild, for a command that can no longer be delivered', async () => {
    await processor.stop();
    const now = Date.now();
    // Appended by a crashed instance, never projected: one a day ago (before events carried
    // deadlines), one whose deadline passed an hour ago, one still deliverable.
    await appendRaw('old', new Date(now - 24 * HOUR));
    await appendRaw('expired', new Date(now - HOUR - 10_000), now - HOUR);
    await appendRaw('recent', new Date(now), now + 15_000);

    await storeWith().catchUp();
    expect(await store.outcomeOf('old')).toBeNull();
    expect(await store.outcomeOf('expired')).toBeNull();
    expect(await store.outcomeOf('recent')).toMatchObject({ events: [{ type: 'count.added.v1' }], expiresAt: now + 15_000 + KEPT_MS });

    // A rebuild from the first record: the outcomes of the whole history are not brought back.
    await outcomes().deleteMany({});
    await db.collection('checkpoints').deleteMany({});
    await rebuildProjection({ kafka, db, topic: topics.events, projection, logger });
    expect((await outcomes().find({}).toArray()).map((o) => o._id).sort()).toEqual(['c1', 'c2', 'recent']);
    // They go in their turn (the rebuild keeps them an hour past their deadlines, its default).
    expect(await storeWith().pruneOutcomes(now + 2 * HOUR)).toBe(3);
  }, 60_000);
});
