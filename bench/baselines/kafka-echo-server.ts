/**
 * The far side of the raw kafkajs request-reply baseline: produce every request back as a reply,
 * with the same client settings and the same consume loop shape as a service's CommandProcessor.
 */
import { randomUUID } from 'node:crypto';
import { createKafka, DURABLE_PRODUCER, LOW_LATENCY_CONSUMER } from '../../libs/platform/src/kafka/kafka-client';
import { createLogger } from '../../libs/platform/src/logging/logger';
import { StackEndpointsSchema } from '../../libs/platform/src/config/stack-endpoints';
import { runBenchChild } from '../lib/child-main';
import { ECHO_REPLIES, ECHO_REQUESTS } from './echo-topics';

async function main(): Promise<() => Promise<unknown>> {
  const { KAFKA_BROKERS } = StackEndpointsSchema.parse(process.env);
  const kafka = createKafka('bench-echo', KAFKA_BROKERS, createLogger('bench-echo', 'warn'));
  const producer = kafka.producer(DURABLE_PRODUCER);
  // A fresh group each run: a committed offset from an earlier run would replay its requests.
  const consumer = kafka.consumer({ ...LOW_LATENCY_CONSUMER, groupId: `bench-echo.${randomUUID()}` });
  await Promise.all([producer.connect(), consumer.connect()]);
  const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
  await consumer.subscribe({ topic: ECHO_REQUESTS.name, fromBeginning: false });
  await consumer.run({
    partitionsConsumedConcurrently: ECHO_REQUESTS.partitions,
    eachMessage: async ({ message }) => {
      await producer.send({ topic: ECHO_REPLIES.name, acks: -1, messages: [{ key: message.key, value: message.value }] });
    },
  });
  await joined;
  return () => Promise.allSettled([consumer.disconnect(), producer.disconnect()]);
}

runBenchChild(main);
