import { randomBytes } from 'node:crypto';
import type { Admin, Kafka, Producer } from 'kafkajs';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { createLogger } from '../logging/logger';
import { ensureTopics } from './ensure-topics';
import { createKafka, DURABLE_PRODUCER } from './kafka-client';
import { TopicFollower } from './topic-follower';

const RECORDS = 6;

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
    for (let i = 0; i < RECORDS; i++) await producer.send({ topic, acks: -1, messages: [{ key: 'k', value: `${i}:${'x'.repeat(900_000)}` }] });
  });

  afterAll(async () => {
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  });

  it('applies every record once although handling a batch outlasts a service consumer session (6 s), as a rebuild flush may', async () => {
    const handled: string[] = [];
    let batches = 0;
    const follower = new TopicFollower(kafka, { name: 'slow-follower', topics: [topic], stopAtEnd: true }, async (batch) => {
      if (batches++ === 0) await new Promise((r) => setTimeout(r, 8_000));
      handled.push(...batch.map((m) => m.value.toString().split(':')[0]));
    }, logger);
    await follower.start();
    expect(batches).toBeGreaterThan(1);
    expect(handled).toEqual(Array.from({ length: RECORDS }, (_, i) => String(i)));
  }, 60_000);
});
