import type { Consumer, Kafka, Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { Reply, replyTopic, replyTopicSpec, type CommandEnvelope } from '@zulip-es/contracts';
import type { Logger } from '../logging/logger';
import { ensureTopics } from './ensure-topics';
import { DURABLE_PRODUCER, LOW_LATENCY_CONSUMER } from './kafka-client';

export class RequestTimeoutError extends Error {
  constructor(
    readonly commandId: string,
    timeoutMs: number,
  ) {
    super(`no reply to ${commandId} within ${timeoutMs} ms`);
  }
}

interface Pending {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Sends commands and queries to services and waits for their replies on this instance's own reply
 * topic, matched by command id. A request that gets no reply before its deadline fails with
 * `RequestTimeoutError`; a late reply is dropped.
 */
export class RequestClient {
  private readonly pending = new Map<string, Pending>();
  private readonly producer: Producer;
  private readonly consumer: Consumer;
  readonly replyTo: string;

  /**
   * `replyWaitMs`: the reply consumer's fetch wait. The low-latency default suits a gateway; a
   * background sender that can wait a little polls the broker less while idle.
   */
  constructor(
    private readonly kafka: Kafka,
    private readonly instanceId: string,
    private readonly logger: Logger,
    options: { replyWaitMs?: number } = {},
  ) {
    this.replyTo = replyTopic(instanceId);
    this.producer = kafka.producer(DURABLE_PRODUCER);
    // A fresh group each start: replies addressed to a previous run of this instance are stale.
    this.consumer = kafka.consumer({
      ...LOW_LATENCY_CONSUMER,
      ...(options.replyWaitMs === undefined ? {} : { maxWaitTimeInMs: options.replyWaitMs }),
      groupId: `${this.replyTo}.${randomUUID()}`,
    });
  }

  async start(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, [replyTopicSpec(this.instanceId)]);
    } finally {
      await admin.disconnect();
    }
    await Promise.all([this.producer.connect(), this.consumer.connect()]);
    const joined = new Promise<void>((resolve) => this.consumer.on(this.consumer.events.GROUP_JOIN, () => resolve()));
    await this.consumer.subscribe({ topic: this.replyTo, fromBeginning: false });
    await this.consumer.run({ eachMessage: async ({ message }) => this.onReply(message.value) });
    await joined;
  }

  async stop(): Promise<void> {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error(`gateway stopping; ${id} abandoned`));
    }
    this.pending.clear();
    await Promise.allSettled([this.consumer.disconnect(), this.producer.disconnect()]);
  }

  /** Sends `envelope` to `topic` and resolves with the service's reply. */
  async request(topic: string, envelope: CommandEnvelope): Promise<Reply> {
    const timeoutMs = Math.max(0, envelope.deadline - Date.now());
    const reply = new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(envelope.commandId);
        reject(new RequestTimeoutError(envelope.commandId, timeoutMs));
      }, timeoutMs);
      this.pending.set(envelope.commandId, { resolve, reject, timer });
    });
    // The deadline may pass while the send below is still under way, before anyone awaits `reply`:
    // without a handler now, that rejection would be unhandled and end the process.
    reply.catch(() => undefined);
    try {
      await this.producer.send({
        topic,
        acks: -1,
        messages: [{ key: envelope.key, value: JSON.stringify(envelope), headers: { type: envelope.type } }],
      });
    } catch (error) {
      const p = this.pending.get(envelope.commandId);
      if (p) {
        clearTimeout(p.timer);
        this.pending.delete(envelope.commandId);
      }
      throw error;
    }
    return reply;
  }

  private onReply(value: Buffer | null): void {
    if (!value) return;
    const parsed = Reply.safeParse(JSON.parse(value.toString()));
    if (!parsed.success) {
      this.logger.warn({ issues: parsed.error.issues }, 'malformed reply dropped');
      return;
    }
    const p = this.pending.get(parsed.data.commandId);
    if (!p) return; // late reply to a request that already timed out
    clearTimeout(p.timer);
    this.pending.delete(parsed.data.commandId);
    p.resolve(parsed.data);
  }
}
