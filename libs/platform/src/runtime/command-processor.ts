import { CompressionTypes, PartitionAssigners, type Consumer, type Kafka, type Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
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
import type { CommandOutcome } from '../event-store/command-outcomes';
import { EventsTooLargeError, type EventStore } from '../event-store/event-store';
import { LOW_LATENCY_CONSUMER } from '../kafka/kafka-client';
import { isMessageTooLarge } from '../kafka/message-too-large';
import { projectionVersionAssigner, untilUnversionedMembersLeave } from '../kafka/projection-version-assigner';
import type { TopicFollower } from '../kafka/topic-follower';
import { jsonOrUndefined } from '../json/json-or-undefined';
import { withLogContext } from '../logging/log-context';
import type { Logger } from '../logging/logger';
import type { CommandHandler, HandlerRegistry, NewEvent, QueryHandler, ReplyBody } from './handlers';

const MAX_DETACHED = 64;

/** A reply being sent (wrapped: a promise returned from an async function would be awaited). */
interface Replying {
  sent: Promise<void>;
}

type HandlerContext = Parameters<CommandHandler['handle']>[0];
/** A command's decision, or what its handler threw. */
type Decided = { ctx: HandlerContext } & ({ decision: Awaited<ReturnType<CommandHandler['handle']>> } | { thrown: unknown });
/**
 * How often the offsets of handled commands are committed. Not after each command, as kafkajs
 * does by default: that was a broker round trip between one command and the next on the same
 * key. A crash redelivers what was handled since the last commit, which the recorded outcomes
 * answer without a second effect (and presence pings, unrecorded, are safe to run again).
 */
const COMMIT_EVERY_MS = 1_000;
/**
 * Bytes of JSON past which a reply is sent gzipped (consumers decompress it themselves). Kafka
 * refuses records over 1 MB by default: `GET /users` of an organization of about 3,000 users was
 * refused; compressed, JSON of that kind takes about a tenth of the room. Below half that limit
 * a reply goes as it is: gzipping the 300 KB `unread_msgs` of 50,000 unread messages took longer
 * than sending it.
 */
const COMPRESS_REPLIES_ABOVE = 512 * 1024;

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
  /** Told of every command and query answered (the service's metrics). */
  onHandled?: (handled: HandledCommand) => void;
  /**
   * The version of the projection this instance decides on: the group gives every partition to
   * its instances on the newest one (see projectionVersionAssigner). Without it, round robin.
   */
  projectionVersion?: number;
  /** Run whenever partitions move to this instance, before its catch-up (copying a previous release's outcomes). */
  beforeCatchUp?: () => Promise<void>;
}

/** A command or query answered: its type (`unknown` without a handler), and its error code if refused. */
export interface HandledCommand {
  type: string;
  kind: 'command' | 'query';
  seconds: number;
  error?: string;
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
  /** Aborted by `stop`, which may come while `start` still waits to join. */
  private readonly stopped = new AbortController();
  /** Per partition, the replies still being sent, in command order (offsets are handled only once sent). */
  private readonly replying = new Map<number, Promise<void>>();

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
    const { projectionVersion } = this.options;
    if (projectionVersion !== undefined) await untilUnversionedMembersLeave(this.kafka, this.groupId, this.logger, this.stopped.signal);
    if (this.stopped.signal.aborted) return;
    const consumer = this.kafka.consumer({
      ...LOW_LATENCY_CONSUMER,
      groupId: this.groupId,
      // Round robin second: the only protocol members of releases before versioned projections speak.
      ...(projectionVersion === undefined
        ? {}
        : { partitionAssigners: [projectionVersionAssigner(projectionVersion), PartitionAssigners.roundRobin] }),
    });
    this.consumer = consumer;
    await consumer.connect();
    // Another instance may have appended events for partitions this one now owns.
    consumer.on(consumer.events.GROUP_JOIN, () => {
      // The group delivers again from the committed offsets; what was handled before is not ours to commit now.
      this.handled.clear();
      this.ready = this.catchUp().catch((error) => this.options.onFatal(error));
    });
    await consumer.subscribe({ topic: this.topic, fromBeginning: false });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: SERVICE_PARTITIONS,
      eachMessage: async ({ partition, message }) => {
        await this.ready;
        const sent = message.value ? (await this.process(message.value))?.sent : undefined;
        const offset = (BigInt(message.offset) + 1n).toString();
        // The next command of the partition does not wait for this reply to reach the broker; its
        // offset counts as handled once it has (so a crash before then redelivers the command,
        // which its recorded outcome answers).
        const previous = this.replying.get(partition) ?? Promise.resolve();
        const replied = Promise.all([previous, sent]).then(
          () => {
            this.handled.set(partition, offset);
            if (this.replying.get(partition) === replied) this.replying.delete(partition);
          },
          (error: unknown) => this.options.onFatal(error),
        );
        this.replying.set(partition, replied);
      },
    });
    this.committer = setInterval(() => void this.commitHandled(), COMMIT_EVERY_MS);
  }

  async stop(): Promise<void> {
    this.stopped.abort();
    clearInterval(this.committer);
    await Promise.all(this.replying.values());
    await this.commitHandled();
    await this.consumer?.disconnect();
    await Promise.allSettled(this.inFlight);
    // The last commands' outcomes and checkpoints, written after their replies.
    await this.options.store.flushCheckpoints().catch(() => undefined);
  }

  /** Before deciding on partitions just assigned: what other instances appended for them is applied. */
  private async catchUp(): Promise<void> {
    await this.options.beforeCatchUp?.();
    await this.options.store.catchUp();
  }

  /** The consumer group whose committed offsets mark the commands handled. */
  get groupId(): string {
    return this.options.groupId ?? `${this.options.service}-service`;
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
      await consumer
        .commitOffsets(offsets)
        .catch((error: unknown) => this.logger.info({ err: error, offsets }, 'command offsets not committed'));
    });
    return this.committing;
  }

  /** Resolves once the command is decided, to the sending of its reply (nothing for a dropped command or a query). */
  private async process(raw: Buffer): Promise<Replying | undefined> {
    const parsed = CommandEnvelope.safeParse(jsonOrUndefined(raw));
    if (!parsed.success) {
      this.logger.warn({ issues: parsed.error.issues }, 'malformed command dropped');
      return;
    }
    const envelope = parsed.data;
    if (envelope.deadline < Date.now()) {
      this.logger.warn({ commandId: envelope.commandId, type: envelope.type }, 'command past its deadline dropped');
      return;
    }
    const context = { correlationId: envelope.correlationId, ...(envelope.actorId === null ? {} : { userId: envelope.actorId }) };
    return withLogContext(context, async () => {
      // Queries change nothing, so they need no place in the per-key order: a user's concurrent
      // reads run side by side. Everything before them in the partition has been applied already.
      if (envelope.kind === 'query') {
        await this.runDetached(async () => (await this.answer(envelope)).sent);
        return undefined;
      }
      return this.answer(envelope);
    });
  }

  /** At most MAX_DETACHED queries at once; beyond that the partition waits, as for a command. */
  private async runDetached(work: () => Promise<void>): Promise<void> {
    while (this.inFlight.size >= MAX_DETACHED) await Promise.race(this.inFlight);
    const running = work()
      .catch((error: unknown) => this.logger.error({ err: error }, 'query failed'))
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** The reply, once decided, on its way to the caller. */
  private async answer(envelope: ParsedCommandEnvelope): Promise<Replying> {
    const started = performance.now();
    const reply = await this.replyTo(envelope);
    this.logHandled(envelope, reply, performance.now() - started);
    const value = JSON.stringify(reply);
    const sent = this.send(envelope, value);
    // Awaited by the partition's reply chain; not unhandled meanwhile.
    sent.catch(() => undefined);
    return { sent };
  }

  /** One line per command or query, which the request's correlation id ties to the gateway's request line. */
  private logHandled(envelope: ParsedCommandEnvelope, reply: Reply, ms: number): void {
    const error = reply.ok ? undefined : reply.error.code;
    this.logger.info(
      {
        type: envelope.type,
        kind: envelope.kind,
        commandId: envelope.commandId,
        ms: Math.round(ms * 10) / 10,
        ...(error ? { error } : {}),
      },
      `${envelope.kind} handled`,
    );
    // Types come from the gateway's operation table; one without a handler is not a label of its own.
    const type = envelope.type in this.options.handlers ? envelope.type : 'unknown';
    this.options.onHandled?.({ type, kind: envelope.kind, seconds: ms / 1000, ...(error ? { error } : {}) });
  }

  /**
   * A reply the broker refuses as too large even compressed (a query over an enormous state, a
   * command's answer) is replaced by an error: failing to send it would stop the partition, and
   * the command, redelivered, would fail the same way.
   */
  private async send(envelope: ParsedCommandEnvelope, value: string): Promise<void> {
    try {
      await this.sendReply(envelope, value);
    } catch (error) {
      if (!isMessageTooLarge(error)) throw error;
      this.logger.warn(
        { commandId: envelope.commandId, type: envelope.type, chars: value.length },
        'reply too large for Kafka; answered with an error instead',
      );
      const tooLarge = new DomainError(
        'BAD_REQUEST',
        `The answer to this request is too large to send (${value.length} characters of JSON).`,
      );
      await this.sendReply(envelope, JSON.stringify(failure(envelope, tooLarge)));
    }
  }

  private async sendReply(envelope: ParsedCommandEnvelope, json: string): Promise<void> {
    // Encoded once here: measuring the text, then letting the client encode it, copied it twice.
    const value = Buffer.from(json);
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
    if (handler.kind === 'query') {
      const ctx = await this.contextFor(envelope, handler);
      return 'refused' in ctx ? ctx.refused : this.runQuery(envelope, handler, ctx);
    }
    // A redelivered command answers its recorded outcome. The lookup runs beside the decision,
    // which only reads: a decision taken for nothing is dropped before anything is written.
    const [known, decided] = await Promise.all([
      handler.unrecorded ? null : this.recordedOutcome(envelope.commandId),
      this.decide(envelope, handler),
    ]);
    if (known) {
      this.keepOutcome(envelope, known);
      return fromOutcome(envelope, handler, known);
    }
    return 'refused' in decided ? decided.refused : this.carryOut(envelope, handler, decided);
  }

  /** Not awaited: the answer does not wait for it, and an outcome that expires anyway only costs a second decision. */
  private keepOutcome(envelope: ParsedCommandEnvelope, known: CommandOutcome): void {
    this.options.store
      .keepOutcome(envelope.commandId, known, envelope.deadline)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, commandId: envelope.commandId }, 'outcome of a redelivered command not kept longer'),
      );
  }

  private recordedOutcome(commandId: string): Promise<CommandOutcome | null> {
    return this.options.store.outcomeOf(commandId).catch((error: unknown) => {
      // Outcomes or checkpoints of earlier commands could not be written (see EventStore).
      this.options.onFatal(error);
      throw error;
    });
  }

  /** What the handler gets, once the read models have the caller's writes; a refusal for invalid data. */
  private async contextFor(
    envelope: ParsedCommandEnvelope,
    handler: CommandHandler | QueryHandler,
  ): Promise<HandlerContext | { refused: Reply }> {
    await this.waitForReadModels(envelope);
    const data = handler.schema.safeParse(envelope.data);
    if (!data.success) {
      return { refused: failure(envelope, new DomainError('BAD_REQUEST', `Invalid ${envelope.type} data: ${data.error.message}`)) };
    }
    return {
      commandId: envelope.commandId,
      correlationId: envelope.correlationId,
      actorId: envelope.actorId,
      client: envelope.client,
      data: data.data,
      now: this.clock(),
    };
  }

  private async runQuery(envelope: ParsedCommandEnvelope, handler: QueryHandler, ctx: HandlerContext): Promise<Reply> {
    try {
      if (!handler.consistent) return success(envelope, await handler.handle(ctx), []);
      const { value, reflects } = await this.options.store.consistentRead(() => handler.handle(ctx));
      return success(envelope, value, [], reflects);
    } catch (error) {
      return this.failed(envelope, error);
    }
  }

  /** The handler's decision, or the error it threw; nothing written yet. */
  private async decide(envelope: ParsedCommandEnvelope, handler: CommandHandler): Promise<Decided | { refused: Reply }> {
    const ctx = await this.contextFor(envelope, handler);
    if ('refused' in ctx) return ctx;
    try {
      const decision = await handler.handle(ctx);
      return { ctx, decision };
    } catch (error) {
      return { ctx, thrown: error };
    }
  }

  /** Writes what was decided: the events, or the outcome of a command that changed nothing. */
  private async carryOut(envelope: ParsedCommandEnvelope, handler: CommandHandler, decided: Decided): Promise<Reply> {
    if (!('decision' in decided)) {
      const error = decided.thrown;
      if (error instanceof DomainError && !handler.unrecorded)
        await this.options.store.recordOutcome(
          envelope.commandId,
          { events: [], positions: [], error: error.toPayload() },
          envelope.deadline,
        );
      return this.failed(envelope, error);
    }
    const { ctx, decision } = decided;
    if (decision.events.length === 0) {
      if (!handler.unrecorded)
        await this.options.store.recordOutcome(envelope.commandId, { events: [], positions: [], body: decision.reply }, envelope.deadline);
      return success(envelope, decision.reply, decision.positions ?? []);
    }
    try {
      const events = decision.events.map((e) => this.stamp(envelope, e, ctx.now));
      // The error goes with the events, so a redelivery answers it even after a crash here.
      const positions = await this.options.store.append(envelope.key, events, {
        error: decision.error?.toPayload(),
        deadline: envelope.deadline,
      });
      return decision.error
        ? failure(envelope, decision.error)
        : success(envelope, decision.reply, [...positions, ...(decision.positions ?? [])]);
    } catch (error) {
      if (error instanceof EventsTooLargeError) {
        // Refused before anything was written: the command changed nothing, and says so again if redelivered.
        if (!handler.unrecorded)
          await this.options.store.recordOutcome(
            envelope.commandId,
            { events: [], positions: [], error: error.toPayload() },
            envelope.deadline,
          );
        this.logger.warn(
          { commandId: envelope.commandId, type: envelope.type, bytes: error.extra.bytes },
          'command refused: its events are too large to store',
        );
        return failure(envelope, error);
      }
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

const success = (envelope: ParsedCommandEnvelope, body: ReplyBody, positions: Position[], reflects?: Position[]): Reply => ({
  ok: true,
  commandId: envelope.commandId,
  body,
  positions,
  ...(reflects ? { reflects } : {}),
});

const failure = (envelope: ParsedCommandEnvelope, error: DomainError): Reply => ({
  ok: false,
  commandId: envelope.commandId,
  error: error.toPayload(),
});
