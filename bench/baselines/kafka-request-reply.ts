import path from 'node:path';
import { ensureTopics } from '../../libs/platform/src/kafka/ensure-topics';
import { createKafka } from '../../libs/platform/src/kafka/kafka-client';
import { createLogger } from '../../libs/platform/src/logging/logger';
import { StackEndpointsSchema } from '../../libs/platform/src/config/stack-endpoints';
import { CELL_SECONDS, KAFKA_SEQUENTIAL, KAFKA_WARMUP } from '../config';
import { BenchChild } from '../lib/child';
import { closedLoop, sequential } from '../lib/closed-loop';
import type { Measurement } from '../lib/stats';
import { EchoClient } from './kafka-echo-client';
import { ECHO_REPLIES, ECHO_REQUESTS } from './echo-topics';

const RETENTION = { ms: 60 * 60 * 1000 };

/** Raw kafkajs request-reply between this process and an echo server process, per concurrency. */
export async function measureKafkaRequestReply(concurrencies: readonly number[], logDir: string): Promise<Map<number, Measurement>> {
  const { KAFKA_BROKERS } = StackEndpointsSchema.parse(process.env);
  const kafka = createKafka('bench-echo-client', KAFKA_BROKERS, createLogger('bench-echo-client', 'warn'));
  const admin = kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, [
      { ...ECHO_REQUESTS, retention: RETENTION, purpose: 'bench: raw request-reply baseline' },
      { ...ECHO_REPLIES, retention: RETENTION, purpose: 'bench: raw request-reply baseline' },
    ]);
  } finally {
    await admin.disconnect();
  }

  const server = await BenchChild.start('kafka-echo-server', path.join(__dirname, 'kafka-echo-server.ts'), { logDir });
  const client = new EchoClient(kafka);
  const results = new Map<number, Measurement>();
  try {
    await client.start();
    await closedLoop(() => client.roundTrip(), KAFKA_WARMUP.concurrency, KAFKA_WARMUP.seconds);
    await sequential(() => client.roundTrip(), KAFKA_SEQUENTIAL.warmup);
    for (const concurrency of concurrencies) {
      const measured =
        concurrency === 1
          ? await sequential(() => client.roundTrip(), KAFKA_SEQUENTIAL.measured)
          : await closedLoop(() => client.roundTrip(), concurrency, CELL_SECONDS);
      results.set(concurrency, measured);
    }
  } finally {
    await client.stop();
    await server.stop();
  }
  return results;
}
