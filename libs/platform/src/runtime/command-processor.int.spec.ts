import { randomBytes, randomUUID } from 'node:crypto';
import type { Admin, Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import type { EventEnvelope, Reply } from '@zulip-es/contracts';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { COMMAND_ERROR_HEADER, EventStore, MAX_APPEND_BYTES, type Projection } from '../event-store/event-store';
import { ensureTopics } from '../kafka/ensure-topics';
import { createKafka, DURABLE_PRODUCER } from '../kafka/kafka-client';
import { RequestClient } from '../kafka/request-client';
import { createLogger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import { documentSchema } from '../mongo/document-schema';
import { GroupDocuments } from '../mongo/group-documents';
import { ModelDocuments } from '../mongo/model-documents';
import { DomainError } from '../errors/domain-error';
import { CommandProcessor } from './command-processor';
import type { CommandHandler, HandlerRegistry, NewEvent, QueryHandler } from './handlers';

/** This test's one event: a counter's addition, with a note of any size. */
type CounterAdded = NewEvent<{ type: 'counter.added.v1'; data: { by: number; note?: string } }>;

/** A counter aggregate: `counter.add` appends `counter.added.v1` and answers the new total. */
class CounterProjection implements Projection {
  constructor(private readonly db: Connection) {}
  async apply(event: EventEnvelope): Promise<void> {
    const doc = await this.db.collection<{ _id: string; total: number; version: number }>('counters').findOne({ _id: event.aggregateId });
    if (doc && doc.version >= event.sequence) return;
    await this.db
      .collection('counters')
      .replaceOne(
        { _id: event.aggregateId as never },
        { total: (doc?.total ?? 0) + Number(event.data.by), version: event.sequence },
        { upsert: true },
      );
  }
  async total(): Promise<{ total: number; version: number }> {
    const doc = await this.db.collection<{ _id: string; total: number; version: number }>('counters').findOne({ _id: 'counter' });
    return { total: doc?.total ?? 0, version: doc?.version ?? 0 };
  }
}

type TallyDoc = { _id: string; total: number; version: number };
const TALLIES = documentSchema<TallyDoc>('tallies', { total: 'Number', version: 'Number' });

describe('command processor: a crash between appending events and projecting them', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('processor-test', 'warn');
  const run = randomBytes(4).toString('hex');
  const topics = { commands: `test-${run}.commands`, events: `test-${run}.events` };
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  let db: Connection;
  let projection: CounterProjection;
  let processor: CommandProcessor;
  let client: RequestClient;

  const handler: CommandHandler<{ by: number }, CounterAdded> = {
    kind: 'command',
    schema: z.object({ by: z.number() }),
    async handle({ data }) {
      const { total, version } = await projection.total();
      return {
        events: [{ type: 'counter.added.v1', aggregateId: 'counter', sequence: version + 1, data: { by: data.by } }],
        reply: { total: total + data.by },
      };
    },
    replyFrom: (events) => ({ replayed: true, added: events.map((e) => e.data.by) }),
  };

  /** `counter.add_capped`: adds at most 10 and answers an error for the rest, as Zulip's partly sent invitations do. */
  const cappedHandler: CommandHandler<{ by: number }, CounterAdded> = {
    kind: 'command',
    schema: z.object({ by: z.number() }),
    async handle({ data }) {
      const { version } = await projection.total();
      return {
        events: [{ type: 'counter.added.v1', aggregateId: 'counter', sequence: version + 1, data: { by: Math.min(data.by, 10) } }],
        reply: {},
        error: data.by > 10 ? new DomainError('BAD_REQUEST', `Only 10 of ${data.by} added`, { added: 10 }) : undefined,
      };
    },
    replyFrom: (events) => ({ replayed: true, added: events.map((e) => e.data.by) }),
  };

  /** `counter.add_up_to_35`: refuses to take the total past 35. */
  const boundedHandler: CommandHandler<{ by: number }, CounterAdded> = {
    ...handler,
    async handle(ctx) {
      const { total } = await projection.total();
      if (total + ctx.data.by > 35) throw new DomainError('BAD_REQUEST', `${total} + ${ctx.data.by} is over 35`);
      return handler.handle(ctx);
    },
  };

  const send = (commandId: string, by: number, type = 'counter.add'): Promise<Reply> =>
    client.request(topics.commands, {
      commandId,
      type,
      kind: 'command',
      key: 'counter',
      correlationId: commandId,
      actorId: null,
      deadline: Date.now() + 15_000,
      replyTo: client.replyTo,
      after: [],
      data: { by },
    });

  /** A processor of the test's topics and group, with these handlers, over `store` (a new one by default). */
  const processorWith = (
    handlers: HandlerRegistry,
    store = new EventStore(kafka, producer, topics.events, db, projection, logger),
  ): CommandProcessor =>
    new CommandProcessor(
      kafka,
      producer,
      {
        service: 'users',
        commandsTopic: topics.commands,
        groupId: `processor-test-${run}`,
        handlers,
        store,
        onFatal: (e) => {
          throw e;
        },
      },
      logger,
    );

  const eventCount = async () => (await admin.fetchTopicOffsets(topics.events)).reduce((n, p) => n + Number(p.high), 0);

  beforeAll(async () => {
    kafka = createKafka(`processor-test-${run}`, KAFKA_BROKERS, logger);
    admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, [
      { name: topics.commands, partitions: 2, retention: { ms: 3_600_000 }, purpose: 'test' },
      { name: topics.events, partitions: 2, retention: { ms: 3_600_000 }, purpose: 'test' },
    ]);
    db = await connectMongo(MONGO_URL, `processor_test_${run}`);
    projection = new CounterProjection(db);
    producer = kafka.producer(DURABLE_PRODUCER);
    await producer.connect();
    client = new RequestClient(kafka, `processor-test-${run}`, logger);
    await client.start();
  });

  afterAll(async () => {
    await processor?.stop();
    await client.stop();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topics.commands, topics.events, client.replyTo] }).catch(() => undefined);
    await admin.disconnect();
    await db.dropDatabase();
    await db.close();
  });

  it('projects the orphaned events at start and answers the redelivered command from them, once', async () => {
    // The crashed instance appended the events of command `c1` but never projected them.
    const orphan: EventEnvelope = {
      eventId: randomUUID(),
      type: 'counter.added.v1',
      aggregateId: 'counter',
      sequence: 1,
      time: new Date().toISOString(),
      actorId: null,
      correlationId: 'c1',
      causationId: 'c1',
      data: { by: 5 },
    };
    await producer.send({ topic: topics.events, acks: -1, messages: [{ key: 'counter', value: JSON.stringify(orphan) }] });
    expect(await projection.total()).toEqual({ total: 0, version: 0 });

    const store = new EventStore(kafka, producer, topics.events, db, projection, logger);
    processor = processorWith({ 'counter.add': handler, 'counter.add_capped': cappedHandler }, store);
    await processor.start();
    // Before deciding anything, the projection caught up with the events topic.
    expect(await projection.total()).toEqual({ total: 5, version: 1 });

    // The redelivered command gets the answer its events imply, and adds nothing.
    const redelivered = await send('c1', 5);
    expect(redelivered).toMatchObject({ ok: true, body: { replayed: true, added: [5] } });
    expect(await eventCount()).toBe(1);
    expect(await projection.total()).toEqual({ total: 5, version: 1 });

    // A new command decides on the caught-up state.
    const next = await send('c2', 3);
    expect(next).toMatchObject({ ok: true, body: { total: 8 } });
    expect(await eventCount()).toBe(2);

    // And a second delivery of that one is answered without a second effect.
    const again = await send('c2', 3);
    expect(again).toMatchObject({ ok: true, body: { replayed: true, added: [3] } });
    expect(await projection.total()).toEqual({ total: 8, version: 2 });
  }, 60_000);

  it('answers a partly successful command with its error again, also from events projected after a crash', async () => {
    const partial = await send('c3', 25, 'counter.add_capped');
    expect(partial).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', msg: 'Only 10 of 25 added', extra: { added: 10 } } });
    expect(await projection.total()).toEqual({ total: 18, version: 3 });

    // A crashed instance appended such a command's events and nothing else: the error is in them.
    const orphan: EventEnvelope = {
      eventId: randomUUID(),
      type: 'counter.added.v1',
      aggregateId: 'counter',
      sequence: 4,
      time: new Date().toISOString(),
      actorId: null,
      correlationId: 'c4',
      causationId: 'c4',
      data: { by: 10 },
    };
    const error = new DomainError('BAD_REQUEST', 'Only 10 of 30 added', { added: 10 }).toPayload();
    await producer.send({
      topic: topics.events,
      acks: -1,
      messages: [
        { key: 'counter', value: JSON.stringify(orphan), headers: { type: orphan.type, [COMMAND_ERROR_HEADER]: JSON.stringify(error) } },
      ],
    });
    await processor.stop();
    processor = processorWith({ 'counter.add': handler, 'counter.add_capped': cappedHandler });
    await processor.start();
    expect(await projection.total()).toEqual({ total: 28, version: 4 });

    for (const [commandId, by] of [
      ['c3', 25],
      ['c4', 30],
    ] as const) {
      const redelivered = await send(commandId, by, 'counter.add_capped');
      expect(redelivered).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', msg: `Only 10 of ${by} added`, extra: { added: 10 } } });
    }
    expect(await projection.total()).toEqual({ total: 28, version: 4 });
  }, 60_000);
  it('answers a redelivered command from an outcome an earlier release recorded (events as a field, not JSON text)', async () => {
    await db.collection('command_outcomes').insertOne({
      _id: 'c5' as never,
      events: [{ type: 'counter.added.v1', aggregateId: 'counter', data: { by: 4 } }],
      positions: [{ topic: topics.events, partition: 0, offset: '0' }],
    });

    expect(await send('c5', 4)).toMatchObject({ ok: true, body: { replayed: true, added: [4] } });
    expect(await projection.total()).toEqual({ total: 28, version: 4 });
  }, 60_000);
  it('answers a redelivered command its recorded outcome although deciding it again now would refuse it, and records no refusal', async () => {
    await processor.stop();
    processor = processorWith({ 'counter.add_up_to_35': boundedHandler });
    await processor.start();
    expect(await send('c6', 5, 'counter.add_up_to_35')).toMatchObject({ ok: true, body: { total: 33 } });

    // Decided again, 33 + 5 would be refused: the outcome looked up beside the decision wins, twice.
    for (let delivery = 2; delivery <= 3; delivery++) {
      expect(await send('c6', 5, 'counter.add_up_to_35')).toMatchObject({ ok: true, body: { replayed: true, added: [5] } });
    }
    expect(await projection.total()).toEqual({ total: 33, version: 5 });
    // A new command is decided, and refused.
    expect(await send('c7', 5, 'counter.add_up_to_35')).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', msg: '33 + 5 is over 35' },
    });
  }, 60_000);
  it('writes the checkpoints of appended events after their outcomes, not per command; a catch-up from an older checkpoint changes nothing', async () => {
    const checkpoints = async () =>
      new Map((await db.collection<{ _id: string; offset: string }>('checkpoints').find({}).toArray()).map((c) => [c._id, c.offset]));
    await processor.stop();
    const store = new EventStore(kafka, producer, topics.events, db, projection, logger);
    processor = processorWith({ 'counter.add': handler }, store);
    await processor.start();
    const before = await checkpoints();
    const added = await send('c8', 1);
    expect(added).toMatchObject({ ok: true, body: { total: 34 } });
    const { partition, offset } = (added as Extract<Reply, { ok: true }>).positions[0]!;

    await store.flushCheckpoints();
    const after = await checkpoints();
    expect(after.get(`${topics.events}:${partition}`)).toBe(offset);

    // As after a crash before that write: the older checkpoint back, and a new instance catches up from it.
    await processor.stop();
    await db.collection('checkpoints').deleteMany({});
    if (before.size > 0) await db.collection('checkpoints').insertMany([...before].map(([_id, o]) => ({ _id: _id as never, offset: o })));
    processor = processorWith({ 'counter.add': handler });
    await processor.start();
    expect(await checkpoints()).toEqual(after);
    expect(await projection.total()).toEqual({ total: 34, version: 6 });
    expect(await send('c8', 1)).toMatchObject({ ok: true, body: { replayed: true, added: [1] } });
  }, 60_000);
  it('tells the projection to forget what it keeps in memory at every catch-up (partitions may have moved since)', async () => {
    let forgotten = 0;
    const tracking: Projection = { apply: (event) => projection.apply(event), forget: () => void forgotten++ };
    const store = new EventStore(kafka, producer, topics.events, db, tracking, logger);
    await store.catchUp();
    expect(forgotten).toBe(1);
    await store.catchUp();
    expect(forgotten).toBe(2);
  }, 60_000);
  it('commits what it handled when stopped, so the next instance of the group handles none of it again', async () => {
    let asked = 0;
    const ask: QueryHandler<Record<string, never>> = {
      kind: 'query',
      schema: z.object({}).strict(),
      handle: async () => ({ asked: ++asked }),
    };
    const query = (commandId: string): Promise<Reply> =>
      client.request(topics.commands, {
        commandId,
        type: 'counter.ask',
        kind: 'query',
        key: 'counter',
        correlationId: commandId,
        actorId: null,
        deadline: Date.now() + 15_000,
        replyTo: client.replyTo,
        after: [],
        data: {},
      });
    const instance = () => processorWith({ 'counter.ask': ask });
    await processor.stop();
    processor = instance();
    await processor.start();
    expect(await query('q1')).toMatchObject({ ok: true, body: { asked: 1 } });

    // Stopped at once, well within the commit interval: the stop commits.
    await processor.stop();
    processor = instance();
    await processor.start();
    expect(await query('q2')).toMatchObject({ ok: true, body: { asked: 2 } });
    expect(asked).toBe(2);
  }, 60_000);
  it('refuses a command whose events are too large for the broker, appends nothing, stays up, and answers a redelivery the same', async () => {
    /** `counter.add_noted`: adds, with a note of `by` kilobytes in its event. */
    const noted: CommandHandler<{ by: number }, CounterAdded> = {
      ...handler,
      async handle(ctx) {
        const decided = await handler.handle(ctx);
        return { ...decided, events: decided.events.map((e) => ({ ...e, data: { ...e.data, note: 'n'.repeat(ctx.data.by * 1024) } })) };
      },
    };
    await processor.stop();
    processor = processorWith({ 'counter.add_noted': noted });
    await processor.start();
    const before = { events: await eventCount(), total: await projection.total() };

    for (let delivery = 1; delivery <= 2; delivery++) {
      const reply = await send('big-1', 1_100, 'counter.add_noted');
      expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', status: 400, extra: { max_bytes: MAX_APPEND_BYTES } } });
      expect(reply.ok === false && reply.error.msg).toMatch(
        /^This change is too large to store: \d+ bytes of events, over the limit of 1000000\.$/,
      );
    }
    expect(await eventCount()).toBe(before.events);
    expect(await projection.total()).toEqual(before.total);

    // The largest that fits is stored, and the processor goes on deciding.
    expect(await send('big-2', 950, 'counter.add_noted')).toMatchObject({ ok: true, body: { total: before.total.total + 950 } });
    expect(await eventCount()).toBe(before.events + 1);
  }, 60_000);

  it("answers a query whose reply is larger than a Kafka record may be (1 MB), as an organization's user list is", async () => {
    const members = Array.from({ length: 20_000 }, (_, i) => ({
      user_id: i + 10,
      full_name: `Member ${i}`,
      email: `member-${i}@example.com`,
      is_active: true,
      role: 400,
      timezone: 'Europe/Berlin',
      date_joined: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
    }));
    const list: QueryHandler<Record<string, never>> = { kind: 'query', schema: z.object({}).strict(), handle: async () => ({ members }) };
    await processor.stop();
    processor = processorWith({ 'counter.list': list });
    await processor.start();
    expect(JSON.stringify(members).length).toBeGreaterThan(2 * 1024 * 1024);

    const reply = await client.request(topics.commands, {
      commandId: 'l1',
      type: 'counter.list',
      kind: 'query',
      key: 'counter',
      correlationId: 'l1',
      actorId: null,
      deadline: Date.now() + 15_000,
      replyTo: client.replyTo,
      after: [],
      data: {},
    });
    expect(reply).toMatchObject({ ok: true, body: { members } });
  }, 60_000);

  it('measures a reply in bytes: one of fewer characters than compression starts at, but over 1 MB in UTF-8, still arrives', async () => {
    const euros = '€'.repeat(450_000);
    const list: QueryHandler<Record<string, never>> = { kind: 'query', schema: z.object({}).strict(), handle: async () => ({ euros }) };
    await processor.stop();
    processor = processorWith({ 'counter.euros': list });
    await processor.start();
    expect(Buffer.byteLength(euros)).toBeGreaterThan(1_300_000);

    const reply = await client.request(topics.commands, {
      commandId: 'e1',
      type: 'counter.euros',
      kind: 'query',
      key: 'counter',
      correlationId: 'e1',
      actorId: null,
      deadline: Date.now() + 15_000,
      replyTo: client.replyTo,
      after: [],
      data: {},
    });
    expect(reply).toMatchObject({ ok: true, body: { euros } });
  }, 60_000);

  it('answers an error instead of a reply too large for Kafka even compressed, and goes on deciding', async () => {
    // Random bytes do not compress: 2 MiB of them is over the broker's 1 MiB however it is sent.
    const noise = randomBytes(2 * 1024 * 1024).toString('base64');
    const huge: QueryHandler<Record<string, never>> = { kind: 'query', schema: z.object({}).strict(), handle: async () => ({ noise }) };
    const hugeAnswer: CommandHandler<{ by: number }, CounterAdded> = {
      ...handler,
      async handle(ctx) {
        const decided = await handler.handle(ctx);
        return { ...decided, reply: { noise } };
      },
    };
    await processor.stop();
    processor = processorWith({ 'counter.noise': huge, 'counter.add_noisy': hugeAnswer, 'counter.add': handler });
    await processor.start();
    const before = await projection.total();

    const query = await client.request(topics.commands, {
      commandId: 'n1',
      type: 'counter.noise',
      kind: 'query',
      key: 'counter',
      correlationId: 'n1',
      actorId: null,
      deadline: Date.now() + 15_000,
      replyTo: client.replyTo,
      after: [],
      data: {},
    });
    expect(query).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', msg: expect.stringMatching(/^The answer to this request is too large to send/) },
    });
    // A command's events are stored; only its answer is replaced.
    expect(await send('n2', 2, 'counter.add_noisy')).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await projection.total()).toMatchObject({ total: before.total + 2 });
    expect(await send('n3', 3)).toMatchObject({ ok: true, body: { total: before.total + 5 } });
  }, 60_000);

  it('decides waiting commands of a key in a group, each on the state the earlier ones left, and appends their events together', async () => {
    // The projection and the handler read and write the group's documents, as repositories do.
    const documents = new GroupDocuments(new ModelDocuments(db));
    const tallies = documents.of(TALLIES);
    const tallyOf = async () => (await tallies.findOne({ _id: 'tally' })) ?? { total: 0, version: 0 };
    const tallying: Projection = {
      async apply(event) {
        const doc = await tallyOf();
        if (doc.version >= event.sequence) return;
        await tallies.replaceOne({ _id: 'tally' }, { total: doc.total + Number(event.data.by), version: event.sequence }, { upsert: true });
      },
    };
    const tally: CommandHandler<{ by: number }, CounterAdded> = {
      ...handler,
      async handle({ data }) {
        const { total, version } = await tallyOf();
        return {
          events: [{ type: 'counter.added.v1', aggregateId: 'tally', sequence: version + 1, data: { by: data.by } }],
          reply: { total: total + data.by },
        };
      },
    };
    let appends = 0;
    const counting: Producer = Object.assign(Object.create(producer) as Producer, {
      send: (record: Parameters<Producer['send']>[0]) => {
        if (record.topic === topics.events) appends++;
        return producer.send(record);
      },
    });
    const store = new EventStore(kafka, counting, topics.events, db, tallying, logger, { grouped: documents });
    await processor.stop();
    const waiting = async () => (await admin.fetchTopicOffsets(topics.commands)).reduce((n, p) => n + Number(p.high), 0);
    const before = await waiting();
    // Sent while no instance runs, so that they all wait for the next one.
    const replies = Promise.all(Array.from({ length: 40 }, (_, i) => send(`t${i}`, 1, 'tally.add')));
    while ((await waiting()) < before + 40) await new Promise((resolve) => setTimeout(resolve, 50));
    processor = processorWith({ 'tally.add': tally }, store);
    await processor.start();

    const totals = (await replies).map((r) => (r.ok ? Number(r.body.total) : NaN));
    expect([...totals].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(appends).toBeLessThanOrEqual(2);
    expect(await new ModelDocuments(db).of(TALLIES).findOne({ _id: 'tally' })).toEqual({ _id: 'tally', total: 40, version: 40 });
    // Each command's outcome is recorded: a second delivery is answered from it.
    expect(await send('t7', 1, 'tally.add')).toMatchObject({ ok: true, body: { replayed: true, added: [1] } });
  }, 60_000);
});
