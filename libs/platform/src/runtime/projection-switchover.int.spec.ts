import { randomBytes, randomUUID } from 'node:crypto';
import { AssignerProtocol, type Admin, type Kafka, type Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import type { EventEnvelope, Reply } from '@zulip-es/contracts';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { DomainError } from '../errors/domain-error';
import { EventStore, type Projection } from '../event-store/event-store';
import { ensureTopics } from '../kafka/ensure-topics';
import { createKafka, DURABLE_PRODUCER } from '../kafka/kafka-client';
import { RequestClient } from '../kafka/request-client';
import { createLogger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import { projectionDatabase } from '../mongo/projection-databases';
import { CommandProcessor } from './command-processor';
import type { CommandHandler, HandlerRegistry, NewEvent, QueryHandler } from './handlers';
import { prepareProjection } from './prepare-projection';

type CounterAdded = NewEvent<{ type: 'counter.added.v1'; data: { by: number } }>;
type CounterDoc = { _id: string; total: number; version: number };

/** Release 1 and release 2 project the same counter; each keeps it in its own database. */
class CounterProjection implements Projection {
  constructor(
    private readonly db: Connection,
    readonly version: number,
  ) {}
  async apply(event: EventEnvelope): Promise<void> {
    const doc = await this.counters().findOne({ _id: event.aggregateId });
    if (doc && doc.version >= event.sequence) return;
    await this.counters().replaceOne(
      { _id: event.aggregateId },
      { total: (doc?.total ?? 0) + Number(event.data.by), version: event.sequence },
      { upsert: true },
    );
  }
  async counter(): Promise<{ total: number; version: number }> {
    const doc = await this.counters().findOne({ _id: 'counter' });
    return { total: doc?.total ?? 0, version: doc?.version ?? 0 };
  }
  private counters() {
    return this.db.collection<CounterDoc>('counters');
  }
}

/** One release's instance: its database, projection, store and command processor. */
interface Release {
  kafka: Kafka;
  producer: Producer;
  db: Connection;
  projection: CounterProjection;
  processor?: CommandProcessor;
}

describe('upgrading a service: the new release builds its projection beside the serving one, then takes every command', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('switchover-test', 'fatal');
  const run = randomBytes(4).toString('hex');
  const service = `switchover_${run}`;
  const topics = { commands: `test-${run}.commands`, events: `test-${run}.events` };
  const groupId = `switchover-test-${run}`;
  let admin: Admin;
  let client: RequestClient;
  let v1: Release;
  let v2: Release;

  const release = async (version: number): Promise<Release> => {
    const kafka = createKafka(`switchover-v${version}-${run}`, KAFKA_BROKERS, logger);
    const producer = kafka.producer(DURABLE_PRODUCER);
    await producer.connect();
    const db = await connectMongo(MONGO_URL, projectionDatabase(service, version));
    return { kafka, producer, db, projection: new CounterProjection(db, version) };
  };

  /**
   * `counter.add` appends an addition; `counter.add_capped` refuses to take the total past 10 (an
   * error, no event). Each release says who answered.
   */
  const handlers = ({ projection }: Release): HandlerRegistry => {
    const add: CommandHandler<{ by: number }, CounterAdded> = {
      kind: 'command',
      schema: z.object({ by: z.number() }),
      async handle({ data }) {
        const { total, version } = await projection.counter();
        return {
          events: [{ type: 'counter.added.v1', aggregateId: 'counter', sequence: version + 1, data: { by: data.by } }],
          reply: { total: total + data.by, answeredBy: projection.version },
        };
      },
      replyFrom: (events) => ({ replayed: true, added: events.map((e) => e.data.by), answeredBy: projection.version }),
    };
    const capped: CommandHandler<{ by: number }, CounterAdded> = {
      ...add,
      async handle(ctx) {
        const { total } = await projection.counter();
        if (total + ctx.data.by > 10) throw new DomainError('BAD_REQUEST', `${total} + ${ctx.data.by} is over 10`);
        return add.handle(ctx);
      },
    };
    const who: QueryHandler<Record<string, never>> = {
      kind: 'query',
      schema: z.object({}),
      handle: async () => ({ answeredBy: projection.version }),
    };
    return { 'counter.add': add, 'counter.add_capped': capped, 'release.who': who };
  };

  /** What ServiceRuntime does at a start: prepare the projection, then join the commands group. */
  const start = async (r: Release): Promise<void> => {
    const args = { service, kafka: r.kafka, db: r.db, topic: topics.events, projection: r.projection, logger };
    const { beforeCatchUp } = await prepareProjection(args);
    await serve(r, beforeCatchUp);
  };

  /** A processor of `r` in the commands group; `projectionVersion: undefined` plays a release before versions. */
  const processorOf = (
    r: Release,
    beforeCatchUp: () => Promise<void>,
    group = { groupId, projectionVersion: r.projection.version as number | undefined },
  ): CommandProcessor =>
    new CommandProcessor(
      r.kafka,
      r.producer,
      {
        service: 'users',
        commandsTopic: topics.commands,
        handlers: handlers(r),
        store: new EventStore(r.kafka, r.producer, topics.events, r.db, r.projection, logger),
        onFatal: (e) => {
          throw e;
        },
        beforeCatchUp,
        ...group,
      },
      logger,
    );

  const serve = async (r: Release, beforeCatchUp: () => Promise<void>): Promise<void> => {
    r.processor = processorOf(r, beforeCatchUp);
    await r.processor.start();
  };

  const send = (commandId: string, by: number, type = 'counter.add'): Promise<Reply> =>
    client.request(topics.commands, {
      commandId,
      type,
      kind: 'command',
      key: 'counter',
      correlationId: commandId,
      actorId: null,
      deadline: Date.now() + 20_000,
      replyTo: client.replyTo,
      after: [],
      data: { by },
    });

  /** Which release answers a query on this key (a key's commands and queries go to one partition). */
  const whoAnswers = (key: string): Promise<Reply> =>
    client.request(topics.commands, {
      commandId: randomUUID(),
      type: 'release.who',
      kind: 'query',
      key,
      correlationId: key,
      actorId: null,
      deadline: Date.now() + 20_000,
      replyTo: client.replyTo,
      after: [],
      data: {},
    });

  const eventCount = async () => (await admin.fetchTopicOffsets(topics.events)).reduce((n, p) => n + Number(p.high), 0);

  /** The commands partitions each client (release) holds in the group. */
  const assignment = async (group = groupId): Promise<Record<string, number[]>> => {
    const { groups } = await admin.describeGroups([group]);
    const held: Record<string, number[]> = {};
    for (const member of groups[0]?.members ?? []) {
      const decoded = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
      held[member.clientId] = [...(held[member.clientId] ?? []), ...(decoded?.assignment[topics.commands] ?? [])].sort();
    }
    return held;
  };

  const databases = async (): Promise<string[]> => {
    const { databases: all } = await v1.db.getClient().db().admin().listDatabases({ nameOnly: true });
    return all.map((d) => d.name).filter((name) => name.startsWith(service));
  };

  beforeAll(async () => {
    const kafka = createKafka(`switchover-test-${run}`, KAFKA_BROKERS, logger);
    admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, [
      { name: topics.commands, partitions: 4, retention: { ms: 3_600_000 }, purpose: 'test' },
      { name: topics.events, partitions: 4, retention: { ms: 3_600_000 }, purpose: 'test' },
    ]);
    // From the first command on: a new group otherwise starts at the end as found when it first
    // fetches, which may be after the test's first command.
    await admin.setOffsets({ groupId, topic: topics.commands, partitions: [0, 1, 2, 3].map((partition) => ({ partition, offset: '0' })) });
    client = new RequestClient(kafka, `switchover-test-${run}`, logger);
    await client.start();
    v1 = await release(1);
  });

  afterAll(async () => {
    for (const r of [v2, v1]) {
      if (!r) continue;
      await r.processor?.stop();
      await r.producer.disconnect();
    }
    await client.stop();
    await admin.deleteTopics({ topics: [topics.commands, topics.events, client.replyTo] }).catch(() => undefined);
    await admin.disconnect();
    const client_ = v1.db.getClient();
    for (const name of await databases()) await client_.db(name).dropDatabase();
    for (const r of [v2, v1]) await r?.db.close();
  });

  it('keeps answering on the old release while the new one builds, then moves every partition to the new one', async () => {
    // Left by releases before the previous one: the unversioned database and version 0.
    await v1.db
      .getClient()
      .db(service)
      .collection('counters')
      .insertOne({ _id: 'old' as never });
    await v1.db
      .getClient()
      .db(projectionDatabase(service, 0))
      .collection('counters')
      .insertOne({ _id: 'older' as never });
    await start(v1);
    expect(await send('c1', 3)).toMatchObject({ ok: true, body: { total: 3, answeredBy: 1 } });
    const refusedEarly = await send('c2', 20, 'counter.add_capped');
    expect(refusedEarly).toMatchObject({ ok: false, error: { msg: '3 + 20 is over 10' } });

    v2 = await release(2);
    const args = { service, kafka: v2.kafka, db: v2.db, topic: topics.events, projection: v2.projection, logger };
    const { beforeCatchUp } = await prepareProjection(args);
    // Built from the events, beside the serving database; the databases before the previous one are gone.
    expect(await v2.projection.counter()).toEqual({ total: 3, version: 1 });
    expect((await databases()).sort()).toEqual([projectionDatabase(service, 1), projectionDatabase(service, 2)]);

    // The old release still decides: an error recorded only in its database, then an addition.
    expect(await send('c3', 9, 'counter.add_capped')).toMatchObject({ ok: false, error: { msg: '3 + 9 is over 10' } });
    expect(await send('c4', -3)).toMatchObject({ ok: true, body: { total: 0, answeredBy: 1 } });

    await serve(v2, beforeCatchUp);
    await waitFor(async () => {
      const held = await assignment();
      return held[`switchover-v2-${run}`]?.length === 4 && held[`switchover-v1-${run}`]?.length === 0;
    });
    // Every key now reaches the new release, which caught up with the old one's last events.
    for (const key of ['counter', 'a', 'b', 'c', 'd', 'e', 'f', 'g']) {
      expect(await whoAnswers(key)).toMatchObject({ ok: true, body: { answeredBy: 2 } });
    }
    expect(await send('c5', 2)).toMatchObject({ ok: true, body: { total: 2, answeredBy: 2 } });
    expect(await v1.projection.counter()).toEqual({ total: 0, version: 2 });
  }, 90_000);

  it('answers commands the old release handled, sent again, as the old release did, without a second effect', async () => {
    const events = await eventCount();
    // Decided again, c3 would be refused with today's total (2); it gets the error the old release recorded.
    expect(await send('c3', 9, 'counter.add_capped')).toMatchObject({ ok: false, error: { msg: '3 + 9 is over 10' } });
    expect(await send('c2', 20, 'counter.add_capped')).toMatchObject({ ok: false, error: { msg: '3 + 20 is over 10' } });
    expect(await send('c4', -3)).toMatchObject({ ok: true, body: { replayed: true, added: [-3], answeredBy: 2 } });
    expect(await eventCount()).toBe(events);
    expect(await v2.projection.counter()).toEqual({ total: 2, version: 3 });
  }, 30_000);

  it('gives the partitions back to the old release when the new one leaves (a rollback), which catches up first', async () => {
    await v2.processor!.stop();
    v2.processor = undefined;
    await waitFor(async () => (await assignment())[`switchover-v1-${run}`]?.length === 4);
    expect(await send('c6', 1)).toMatchObject({ ok: true, body: { total: 3, answeredBy: 1 } });
  }, 60_000);

  it('joins only once the instances of a release before projection versions have left the group', async () => {
    // Its own group, so that no command is sent to it: the waiting is all there is to see.
    const group = { groupId: `${groupId}-legacy`, projectionVersion: undefined };
    const legacy = processorOf(v1, async () => undefined, group);
    const upgraded = processorOf(v2, async () => undefined, { ...group, projectionVersion: 2 });
    try {
      await legacy.start();
      await waitFor(async () => (await assignment(group.groupId))[`switchover-v1-${run}`]?.length === 4);
      let joined = false;
      const starting = upgraded.start().then(() => (joined = true));
      await new Promise((r) => setTimeout(r, 3_000));
      expect(joined).toBe(false);
      expect(Object.keys(await assignment(group.groupId))).toEqual([`switchover-v1-${run}`]);

      await legacy.stop();
      await starting;
      await waitFor(async () => (await assignment(group.groupId))[`switchover-v2-${run}`]?.length === 4);
    } finally {
      await legacy.stop();
      await upgraded.stop();
    }
  }, 60_000);
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}
