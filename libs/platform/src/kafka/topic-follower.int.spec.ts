import { randomBytes } from 'node:crypto';
import type { Admin, Consumer, Kafka, Producer } from 'kafkajs';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { createLogger } from '../logging/logger';
import { startHealthApp } from '../nest/health/health-app.testing';
import { ensureTopics } from './ensure-topics';
import { createKafka, DURABLE_PRODUCER } from './kafka-client';
import { TopicFollower, type FollowedMessage } from './topic-follower';

const RECORDS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `kafka`, keeping every consumer it makes in `consumers`: a test can stop one behind its follower's back. */
function keepingConsumers(kafka: Kafka, consumers: Consumer[]): Kafka {
  return new Proxy(kafka, {
    get: (target, property) =>
      property === 'consumer'
        ? (...args: Parameters<Kafka['consumer']>) => {
            const consumer = target.consumer(...args);
            consumers.push(consumer);
            return consumer;
          }
        : Reflect.get(target, property),
  });
}

/**
 * `kafka`, whose admin clients first give the end offsets the given answers: `not leader`, as a
 * broker that has just started answers for a while, then `empty`, end offsets of 0 (an answer read
 * before the records were there), then the broker's own.
 */
function earlyAnswers(kafka: Kafka, answers: ('not leader' | 'empty')[]): Kafka {
  return new Proxy(kafka, {
    get: (target, property) => {
      if (property !== 'admin') return Reflect.get(target, property);
      return (...args: Parameters<Kafka['admin']>) => {
        const admin = target.admin(...args);
        const fetchTopicOffsets: Admin['fetchTopicOffsets'] = async (topic) => {
          const answer = answers.shift();
          if (answer === 'not leader') {
            throw Object.assign(new Error('This server is not the leader for that topic-partition'), {
              name: 'KafkaJSProtocolError',
              type: 'NOT_LEADER_FOR_PARTITION',
              code: 6,
              retriable: true,
            });
          }
          const offsets = await admin.fetchTopicOffsets(topic);
          return answer === 'empty' ? offsets.map((o) => ({ ...o, offset: '0', high: '0' })) : offsets;
        };
        return { ...admin, fetchTopicOffsets };
      };
    },
  });
}

describe('topic follower', () => {
  const { KAFKA_BROKERS } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('follower-test', 'error');
  const topic = `test-follower-${randomBytes(4).toString('hex')}`;
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;

  beforeAll(async () => {
    kafka = createKafka(`follower-test-${randomBytes(3).toString('hex')}`, KAFKA_BROKERS, logger);
    admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, [{ name: topic, partitions: 1, retention: { ms: 3_600_000 }, purpose: 'test' }]);
    producer = kafka.producer(DURABLE_PRODUCER);
    await producer.connect();
    // Records of 900 kB, one per request: more than one fetch (4 MB) reads them.
    for (let i = 0; i < RECORDS; i++)
      await producer.send({ topic, acks: -1, messages: [{ key: 'k', value: `${i}:${'x'.repeat(900_000)}` }] });
  });

  afterAll(async () => {
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic, ...others] }).catch(() => undefined);
    await admin.disconnect();
  });

  /** Topics of the tests below: small records, three partitions. */
  const others: string[] = [];
  const smallTopic = async (records: number): Promise<string> => {
    const name = `test-follower-${randomBytes(4).toString('hex')}`;
    others.push(name);
    await ensureTopics(admin, [{ name, partitions: 3, retention: { ms: 3_600_000 }, purpose: 'test' }]);
    if (records > 0) await append(name, 0, records);
    return name;
  };
  const append = (name: string, from: number, count: number) =>
    producer.send({
      topic: name,
      acks: -1,
      messages: Array.from({ length: count }, (_, i) => ({ key: `k${from + i}`, value: String(from + i) })),
    });
  const values = (batches: FollowedMessage[]) => batches.map((m) => Number(m.value.toString())).sort((a, b) => a - b);
  const range = (count: number) => Array.from({ length: count }, (_, i) => i);
  /** The health answers of a service whose only read model is `follower`, read until `until` holds. */
  const healthOf = async (follower: TopicFollower) => {
    const app = await startHealthApp({ ready: () => true, staleReadModels: () => (follower.stale ? [follower.name] : []) });
    const answers: { status: number; body: Record<string, unknown> }[] = [];
    const read = async () => {
      const res = await fetch(app.url);
      answers.push({ status: res.status, body: (await res.json()) as Record<string, unknown> });
      return answers.at(-1)!;
    };
    return { answers, read, close: () => app.close() };
  };
  const waitUntil = async (done: () => boolean | Promise<boolean>, ms: number, what: string) => {
    for (const end = Date.now() + ms; !(await done()); await sleep(50))
      if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
  };

  it('applies every record once although handling a batch outlasts a service consumer session (6 s), as a rebuild flush may', async () => {
    const handled: string[] = [];
    let batches = 0;
    const follower = new TopicFollower(
      kafka,
      { name: 'slow-follower', topics: [topic], stopAtEnd: true },
      async (batch) => {
        if (batches++ === 0) await new Promise((r) => setTimeout(r, 8_000));
        handled.push(...batch.map((m) => m.value.toString().split(':')[0]));
      },
      logger,
    );
    await follower.start();
    expect(batches).toBeGreaterThan(1);
    expect(handled).toEqual(Array.from({ length: RECORDS }, (_, i) => String(i)));
  }, 60_000);

  it.each([
    ['end offsets read before its consumer reads (an answer of 0: the records were not there yet)', ['empty'] as const],
    [
      'a broker that cannot answer yet (just started, it is not yet the leader of its partitions)',
      ['not leader', 'not leader', 'empty'] as const,
    ],
  ])(
    'starts only once it has read every record, despite %s',
    async (_case, answers) => {
      const name = await smallTopic(30);
      const handled: FollowedMessage[] = [];
      const follower = new TopicFollower(
        earlyAnswers(kafka, [...answers]),
        { name: 'early-follower', topics: [name] },
        async (batch) => void handled.push(...batch),
        logger,
      );
      await follower.start();
      try {
        // The end offsets read again once its consumer fetched: every record there was is applied.
        expect(values(handled)).toEqual(range(30));
      } finally {
        await follower.stop();
      }
    },
    60_000,
  );

  it('replaces a consumer that crashed for good (kafkajs gives up on a non-retriable error), reporting the follower stale meanwhile, and resumes after what it applied', async () => {
    const name = await smallTopic(10);
    const handled: FollowedMessage[] = [];
    let crashed = false;
    const follower = new TopicFollower(
      kafka,
      { name: 'crashing-follower', topics: [name], checkEveryMs: 300, stallMs: 60_000 },
      async (batch) => {
        // A bug met once: kafkajs does not retry a TypeError, it stops the consumer and tells nobody.
        if (crashed === false && batch.some((m) => m.value.toString() === '12')) {
          crashed = true;
          throw new TypeError("Cannot read properties of undefined (reading 'x')");
        }
        handled.push(...batch);
      },
      logger,
    );
    await follower.start();
    const health = await healthOf(follower);
    try {
      expect((await health.read()).status).toBe(200);
      await append(name, 10, 10);
      await waitUntil(async () => (await health.read()).status === 503 || handled.length === 20, 20_000, 'stale reported');
      expect(health.answers.at(-1)).toMatchObject({ status: 503, body: { status: 'stale', stale_read_models: ['crashing-follower'] } });
      await waitUntil(() => handled.length === 20, 20_000, 'every record applied');
      expect(values(handled)).toEqual(range(20));
      await waitUntil(async () => (await health.read()).status === 200, 5_000, 'healthy again');
      expect(follower.stale).toBeUndefined();
    } finally {
      await health.close();
      await follower.stop();
    }
  }, 60_000);

  it('replaces a consumer that stopped reading without a word once it is behind without progress, reports it stale in the health answer meanwhile, and catches up', async () => {
    const name = await smallTopic(10);
    const consumers: Consumer[] = [];
    const handled: FollowedMessage[] = [];
    const follower = new TopicFollower(
      keepingConsumers(kafka, consumers),
      { name: 'stalled-follower', topics: [name], checkEveryMs: 300, stallMs: 1_500 },
      async (batch) => void handled.push(...batch),
      logger,
    );
    await follower.start();
    const health = await healthOf(follower);
    try {
      expect(values(handled)).toEqual(range(10));
      // Its consumer stops fetching (no crash, no error: as one that lost its partitions would).
      await consumers[0]!.stop();
      await append(name, 10, 15);
      await sleep(600);
      expect(follower.stale).toBeUndefined();
      await waitUntil(async () => (await health.read()).status === 503, 10_000, 'stale reported');
      expect(health.answers.at(-1)!.body).toMatchObject({ status: 'stale', stale_read_models: ['stalled-follower'] });
      await waitUntil(() => handled.length === 25, 20_000, 'every record applied');
      expect(values(handled)).toEqual(range(25));
      expect(consumers).toHaveLength(2);
      await waitUntil(async () => (await health.read()).status === 200, 5_000, 'healthy again');
    } finally {
      await health.close();
      await follower.stop();
    }
  }, 60_000);
});
