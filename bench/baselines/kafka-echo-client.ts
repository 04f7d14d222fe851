import type { Consumer, Kafka, Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DURABLE_PRODUCER, LOW_LATENCY_CONSUMER } from '../../libs/platform/src/kafka/kafka-client';
import { ECHO_REPLIES, ECHO_REQUESTS } from './echo-topics';

const TIMEOUT_MS = 10_000;

/** The near side of the raw baseline: what RequestClient does, minus envelopes and validation. */
export class EchoClient {
  private readonly producer: Producer;
  private readonly consumer: Consumer;
  private readonly pending = new Map<string, () => void>();

  constructor(kafka: Kafka) {
    this.producer = kafka.producer(DURABLE_PRODUCER);
    this.consumer = kafka.consumer({ ...LOW_LATENCY_CONSUMER, groupId: `bench-echo-client.${randomUUID()}` });
  }

  async start(): Promise<void> {
    await Promise.all([this.producer.connect(), this.consumer.connect()]);
    const joined = new Promise<void>((resolve) => this.consumer.on(this.consumer.events.GROUP_JOIN, () => resolve()));
    await this.consumer.subscribe({ topic: ECHO_REPLIES.name, fromBeginning: false });
    await this.consumer.run({ eachMessage: async ({ message }) => this.pending.get(message.key?.toString() ?? '')?.() });
    await joined;
  }

  async stop(): Promise<void> {
    await Promise.allSettled([this.consumer.disconnect(), this.producer.disconnect()]);
  }

  /** One round trip; resolves with its latency in ms. */
  async roundTrip(): Promise<number> {
    const id = randomUUID();
    const began = performance.now();
    const replied = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no echo of ${id} within ${TIMEOUT_MS} ms`));
      }, TIMEOUT_MS);
      this.pending.set(id, () => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve();
      });
    });
    // Keyed by request id, so requests spread over the partitions as different aggregates' would.
    await this.producer.send({ topic: ECHO_REQUESTS.name, acks: -1, messages: [{ key: id, value: envelopeLike(id) }] });
    await replied;
    return performance.now() - began;
  }
}

/** About the size of a gateway command envelope, so both paths move similar bytes. */
const envelopeLike = (id: string): string =>
  JSON.stringify({
    commandId: id,
    type: 'user.get_own',
    kind: 'query',
    key: 'user:1',
    correlationId: id,
    actorId: 1,
    deadline: Date.now() + TIMEOUT_MS,
    replyTo: ECHO_REPLIES.name,
    after: [],
    data: {},
  });
