import { CompressionTypes, type Consumer, type Kafka, type Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import {
  CommandEnvelope,
  commandsTopic,
  SERVICE_PARTITIONS,
  type EventEnvelope,
  type ParsedCommandEnvelope,
  type Position,
  type Reply,
  type ServiceName,
} from '@zulip-es/contracts';
import { DomainError } from '../errors/domain-error';
import type { CommandOutcome, EventStore } from '../event-store/event-store';
import { LOW_LATENCY_CONSUMER } from '../kafka/kafka-client';
import type { TopicFollower } from '../kafka/topic-follower';
import type { Logger } from '../logging/logger';
import type { CommandHandler, HandlerRegistry, NewEvent, QueryHandler, ReplyBody } from './handlers';

const MAX_DETACHED = 64;
/**
 * How often the offsets of handled commands are committed. Not after each command, as kafkajs
 * does by default: that was a broker round trip between one command and the next on the same
 * key. A crash redelivers what was handled since the last commit, which the recorded outcomes
 * answer without a second effect (and presence pings, unrecorded, are safe to run again).
 */
const COMMIT_EVERY_MS = 1_000;
/**
 * Characters of JSON past which a reply is sent gzipped (consumers decompress it themselves).
 * Kafka refuses records over 1 MB by default: `GET /users` of an organization of about 3,000
 * users was refused. Compressed, JSON of that kind takes about a tenth of the room.
 */
const COMPRESS_REPLIES_ABOVE = 16 * 1024;

export interface ProcessorOptions {
  service: ServiceName;
  /** The commands topic and consumer group; the service's own unless a test isolates itself. */
  commandsTopic?: string;
  groupId?: string;
  handlers: HandlerRegistry;
  store: EventStore;
  /** Read models fed from other services' events, for read-your-writes waits. */
  followers?: TopicFollower[];
  clock?: () => Date;
  /** How long a command waits for read models to reach the caller's positions. */
  readYourWritesWaitMs?: number;
  /** Called when the projection may be behind the events topic; the process must restart. */
  onFatal: (error: unknown) => void;
}

/**
 * Consumes a service's commands topic: one message at a time per partition (so per aggregate key),
 * every partition in parallel. Before deciding anything after a start or a rebalance it lets the
 * event store catch up, so no decision is taken on a state older than the events topic.
 */
export class CommandProcessor {
  private consumer?: Consumer;
  private ready: Promise<unknown> = Promise.resolve();
  private readonly clock: () => Date;
  /** Queries under way outside the per-key order. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Per partition, the offset after the last command handled and not yet committed. */
  private readonly handled = new Map<number, string>();
  private committer?: NodeJS.Timeout;
  private committing: Promise<void> = Promise.resolve();

  constructor(
    private readonly kafka: Kafka,
    private readonly producer: Producer,
    private readonly options: ProcessorOptions,
    private readonly logger: Logger,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  async start(): Promise<void> {
    await this.options.store.catchUp();
    const groupId = this.options.groupId ?? `${this.options.service}-service`;
    const consumer = this.kafka.consumer({ ...LOW_LATENCY_CONSUMER, groupId });
    this.consumer = consumer;
    await consumer.connect();
    // Another instance may have appended events for partitions this one now owns.
    consumer.on(consumer.events.GROUP_JOIN, () => {
      // The group delivers again from the committed offsets; what was handled before is not ours to commit now.
      this.handled.clear();
      this.ready = this.options.store.catchUp().catch((error) => this.options.onFatal(error));
    });
    await consumer.subscribe({ topic: this.topic, fromBeginning: false });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: SERVICE_PARTITIONS,
      eachMessage: async ({ partition, message }) => {
        await this.ready;
        if (message.value) await this.process(message.value);
        this.handled.set(partition, (BigInt(message.offset) + 1n).toString());
      },
    });
    this.committer = setInterval(() => void this.commitHandled(), COMMIT_EVERY_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.committer);
    await this.commitHandled();
    await this.consumer?.disconnect();
    await Promise.allSettled(this.inFlight);
  }

  private get topic(): string {
    return this.options.commandsTopic ?? commandsTopic(this.options.service);
  }

  /** One commit at a time, so offsets only grow. */
  private commitHandled(): Promise<void> {
    this.committing = this.committing.then(async () => {
      const consumer = this.consumer;
      if (!consumer || this.handled.size === 0) return;
      const offsets = [...this.handled].map(([partition, offset]) => ({ topic: this.topic, partition, offset }));
      this.handled.clear();
      // Refused after a rebalance took a partition away: its next owner redelivers those commands.
      await consumer.commitOffsets(offsets).catch((error: unknown) => this.logger.info({ err: error, offsets }, 'command offsets not committed'));
    });
    return this.committing;
  }

  private async process(raw: Buffer): Promise<void> {
    const parsed = CommandEnvelope.safeParse(safeJson(raw));
    if (!parsed.success) {
      this.logger.warn({ issues: parsed.error.issues }, 'malformed command dropped');
      return;
    }
    const envelope = parsed.data;
    if (envelope.deadline < Date.now()) {
      this.logger.warn({ commandId: envelope.commandId, type: envelope.type }, 'command past its deadline dropped');
      return;
    }
    // Queries change nothing, so they need no place in the per-key order: a user's concurrent
    // reads run side by side. Everything before them in the partition has been applied already.
    if (envelope.kind === 'query') return this.runDetached(() => this.answer(envelope));
    await this.answer(envelope);
  }

  /** At most MAX_DETACHED queries at once; beyond that the partition waits, as for a command. */
  private async runDetached(work: () => Promise<void>): Promise<void> {
    while (this.inFlight.size >= MAX_DETACHED) await Promise.race(this.inFlight);
    const running = work()
      .catch((error: unknown) => this.logger.error({ err: error }, 'query failed'))
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  private async answer(envelope: ParsedCommandEnvelope): Promise<void> {
    const value = JSON.stringify(await this.replyTo(envelope));
    await this.producer.send({
      topic: envelope.replyTo,
      acks: -1,
      compression: value.length > COMPRESS_REPLIES_ABOVE ? CompressionTypes.GZIP : CompressionTypes.None,
      messages: [{ key: envelope.commandId, value }],
    });
  }

  private async replyTo(envelope: ParsedCommandEnvelope): Promise<Reply> {
    const handler = this.options.handlers[envelope.type];
    if (!handler) {
      return failure(envelope, new DomainError('INTERNAL_SERVER_ERROR', `Unknown operation ${envelope.type}`));
    }
    if (handler.kind === 'command' && !handler.unrecorded) {
      const known = await this.options.store.outcomeOf(envelope.commandId).catch((error: unknown) => {
        // Outcomes or checkpoints of earlier commands could not be written (see EventStore).
        this.options.onFatal(error);
        throw error;
      });
      if (known) return fromOutcome(envelope, handler, known);
    }
    await this.waitForReadModels(envelope);
    const data = handler.schema.safeParse(envelope.data);
    if (!data.success) {
      return failure(envelope, new DomainError('BAD_REQUEST', `Invalid ${envelope.type} data: ${data.error.message}`));
    }
    const ctx = {
      commandId: envelope.commandId,
      correlationId: envelope.correlationId,
      actorId: envelope.actorId,
      client: envelope.client,
      data: data.data,
      now: this.clock(),
    };
    return handler.kind === 'query' ? this.runQuery(envelope, handler, ctx) : this.runCommand(envelope, handler, ctx);
  }

  private async runQuery(envelope: ParsedCommandEnvelope, handler: QueryHandler, ctx: Parameters<QueryHandler['handle']>[0]): Promise<Reply> {
    try {
      return success(envelope, await handler.handle(ctx), []);
    } catch (error) {
      return this.failed(envelope, error);
    }
  }

  private async runCommand(
    envelope: ParsedCommandEnvelope,
    handler: CommandHandler,
    ctx: Parameters<CommandHandler['handle']>[0],
  ): Promise<Reply> {
    let decision;
    try {
      decision = await handler.handle(ctx);
    } catch (error) {
      if (error instanceof DomainError && !handler.unrecorded) await this.options.store.recordOutcome(envelope.commandId, { events: [], positions: [], error: error.toPayload() });
      return this.failed(envelope, error);
    }
    if (decision.events.length === 0) {
      if (!handler.unrecorded) await this.options.store.recordOutcome(envelope.commandId, { events: [], positions: [], body: decision.reply });
      return success(envelope, decision.reply, []);
    }
    try {
      const events = decision.events.map((e) => this.stamp(envelope, e, ctx.now));
      // The error goes with the events, so a redelivery answers it even after a crash here.
      const positions = await this.options.store.append(envelope.key, events, decision.error?.toPayload());
      return decision.error ? failure(envelope, decision.error) : success(envelope, decision.reply, positions);
    } catch (error) {
      // The events may be in Kafka but not in the projection: deciding more now could use a
      // stale state, so the process restarts and catches up first.
      this.options.onFatal(error);
      throw error;
    }
  }

  private async waitForReadModels(envelope: ParsedCommandEnvelope): Promise<void> {
    if (envelope.after.length === 0 || !this.options.followers) return;
    const waitMs = Math.min(this.options.readYourWritesWaitMs ?? 2_000, Math.max(0, envelope.deadline - Date.now()));
    await Promise.all(this.options.followers.map((f) => f.waitFor(envelope.after, waitMs)));
  }

  private stamp(envelope: ParsedCommandEnvelope, event: NewEvent, now: Date): EventEnvelope {
    return {
      eventId: randomUUID(),
      type: event.type,
      aggregateId: event.aggregateId,
      sequence: event.sequence,
      time: now.toISOString(),
      actorId: envelope.actorId,
      correlationId: envelope.correlationId,
      causationId: envelope.commandId,
      data: event.data,
    };
  }

  private failed(envelope: ParsedCommandEnvelope, error: unknown): Reply {
    if (error instanceof DomainError) return failure(envelope, error);
    this.logger.error({ err: error, commandId: envelope.commandId, type: envelope.type }, 'handler failed');
    return failure(envelope, new DomainError('INTERNAL_SERVER_ERROR', 'Internal server error'));
  }
}

function fromOutcome(envelope: ParsedCommandEnvelope, handler: CommandHandler, outcome: CommandOutcome): Reply {
  if (outcome.error) return failure(envelope, DomainError.fromPayload(outcome.error));
  return success(envelope, outcome.body ?? handler.replyFrom(outcome.events), outcome.positions);
}

const success = (envelope: ParsedCommandEnvelope, body: ReplyBody, positions: Position[]): Reply => ({
  ok: true,
  commandId: envelope.commandId,
  body,
  positions,
});

const failure = (envelope: ParsedCommandEnvelope, error: DomainError): Reply => ({
  ok: false,
  commandId: envelope.commandId,
  error: error.toPayload(),
});

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString());
  } catch {
    return undefined;
  }
}
