import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Admin, Kafka, Producer } from 'kafkajs';
import type { EventEnvelope } from '@zulip-es/contracts';
import { EventQueues } from '@zulip-es/event-queues';
import {
  createKafka,
  createLogger,
  DURABLE_PRODUCER,
  ensureTopics,
  Quarantine,
  RedisQuarantineStore,
  StackEndpointsSchema,
} from '@zulip-es/platform';
import { Directory } from '../directory/directory';
import type { DomainEvent } from '../domain-event';
import { FanOut } from './fan-out';

/** The directory of a release with a bug: it cannot take in one draft. */
class BrokenDirectory extends Directory {
  override apply(event: DomainEvent): void {
    if (event.type === 'draft.created.v1' && event.data.draft.content === 'poison')
      throw new TypeError("Cannot read properties of undefined (reading 'to')");
    super.apply(event);
  }
}

describe('the fan-out past an event it cannot handle', () => {
  const { KAFKA_BROKERS, REDIS_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('fan-out-test', 'silent');
  const run = randomBytes(4).toString('hex');
  const topic = `test-${run}.events`;
  const userId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  let redis: Redis;
  let store: RedisQuarantineStore;
  let fanOut: FanOut | undefined;

  const draft = (id: number, content: string): EventEnvelope => ({
    eventId: randomUUID(),
    type: 'draft.created.v1',
    aggregateId: `user:${userId}`,
    sequence: id,
    time: new Date().toISOString(),
    actorId: userId,
    correlationId: `c${id}`,
    causationId: `c${id}`,
    data: { userId, draft: { id, type: '', to: [], topic: '', content, timestamp: 1_700_000_000 } },
  });

  beforeAll(async () => {
    kafka = createKafka(`fan-out-test-${run}`, KAFKA_BROKERS, logger);
    admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, [{ name: topic, partitions: 1, retention: { ms: 3_600_000 }, purpose: 'test' }]);
    producer = kafka.producer(DURABLE_PRODUCER);
    await producer.connect();
    redis = new Redis(REDIS_URL);
    store = new RedisQuarantineStore(redis, `realtime-test-${run}`);
  });

  afterAll(async () => {
    await fanOut?.stop();
    for (const entry of await store.list()) await store.remove(entry._id);
    redis.disconnect();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  });

  it('quarantines the event, keeps queuing the events after it, and counts it', async () => {
    const queues = new EventQueues(redis);
    const quarantine = new Quarantine(store, logger, { retryDelayMs: 1 });
    fanOut = new FanOut(kafka, queues, new BrokenDirectory(), logger, `fan-out-test-${run}`, quarantine, [topic]);
    await fanOut.start();
    const queueId = await queues.create({ userId, eventTypes: ['drafts'] });

    const events = [draft(1, 'before'), draft(2, 'poison'), draft(3, 'after')];
    await producer.send({
      topic,
      acks: -1,
      messages: events.map((e) => ({ key: e.aggregateId, value: JSON.stringify(e), headers: { type: e.type } })),
    });

    const contents = async () => ((await queues.read(queueId, userId)) ?? []).map((e) => (e.drafts as { content: string }[])[0]!.content);
    for (let i = 0; i < 100 && !(await contents()).includes('after'); i++) await new Promise((r) => setTimeout(r, 100));
    // Queued once each, the poisoned one too (its client events were queued before the directory failed).
    expect(await contents()).toEqual(['before', 'poison', 'after']);
    expect(quarantine.count).toBe(1);
    expect(await store.list()).toMatchObject([
      {
        consumer: 'fan-out',
        topic,
        partition: 0,
        offset: '1',
        eventType: 'draft.created.v1',
        eventId: events[1]!.eventId,
        error: "TypeError: Cannot read properties of undefined (reading 'to')",
      },
    ]);
  }, 60_000);
});
