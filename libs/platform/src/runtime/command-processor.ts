import {
  CompressionTypes,
  PartitionAssigners,
  type Consumer,
  type EachBatchPayload,
  type Kafka,
  type Message,
  type Producer,
} from 'kafkajs';
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
import type { CommandOutcome, RecordedOutcome } from '../event-store/command-outcomes';
import {
  EventsTooLargeError,
  type AppendedCommand,
  type CommandGroup,
  type EncodedEvents,
  type EventStore,
} from '../event-store/event-store';
import { LOW_LATENCY_CONSUMER } from '../kafka/kafka-client';
import { isMessageTooLarge } from '../kafka/message-too-large';
import { projectionVersionAssigner, untilUnversionedMembersLeave } from '../kafka/projection-version-assigner';
import type { TopicFollower } from '../kafka/topic-follower';
import { jsonOrUndefined } from '../json/json-or-undefined';
import { withLogContext } from '../logging/log-context';
import type { Logger } from '../logging/logger';
import type { CommandHandler, HandlerRegistry, NewEvent, QueryHandler, ReplyBody } from './handlers';

const MAX_DETACHED = 64;
/**
 * Commands decided into one group at most: the first of them is answered only once the last is
 * decided, so past this the group's latency would grow faster than its throughput.
 */
const MAX_GROUP_COMMANDS = 64;
/** Replies up to this many bytes go to the broker together; larger ones each on their own. */
const BATCHED_REPLY_BYTES = 64 * 1024;
/** The most bytes of replies sent in one request (the broker refuses record batches over 1 MB). */
const REPLY_BATCH_BYTES = 512 * 1024;

/** A reply on its way: a record and the topic it goes to. */
type TopicMessage = Message & { topic: string };

/** A command of a group, answered once the group is written. */
interface Answer {
  envelope: ParsedCommandEnvelope;
  started: number;
  /** Its index among the group's commands that append events. */
  staged?: number;
  /** Its reply, given the position of its last event when it appended some. */
  reply: (position?: Position) => Reply;
}

/** A partition's commands decided since its last commit (see CommandGroup). */
interface OpenGroup {
  group: CommandGroup;
  answers: Answer[];
  byCommandId: Map<string, Answer>;
  /** Outcomes of its commands that changed nothing: recorded before any reply goes out. */
  outcomes: RecordedOutcome[];
  /** The offset after its last command, handled once the replies are sent. */
  through?: string;
}

/** A batch of a partition under way: the group its next command joins, what its commands were answered before. */
interface PartitionWork {
  partition: number;
  open?: OpenGroup;
  /** The recorded outcomes of the batch's commands, looked up together beside the first decision. */
  recorded: Promise<Map<string, CommandOutcome>>;
  /** Commands answered by an earlier group of the batch (their outcomes recorded since the lookup). */
  answered: Set<string>;
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
 * Consumes a service's commands topic, every partition in parallel. A partition's commands (so an
 * aggregate key's) are decided one after another in groups: each on the state the earlier ones
 * left in the group's documents, then the group's events are appended in one batch, its documents
 * written in bulk, and all its commands answered (see CommandGroup). A busy partition therefore
 * pays a Kafka append and a store write per group, not per command; an idle one answers a
 * command as soon as it is decided. Before deciding anything after a start or a rebalance it lets
 * the event store catch up, so no decision is taken on a state older than the events topic.
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
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: SERVICE_PARTITIONS,
      eachBatch: (payload) => this.takeBatch(payload),
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

  /** A batch of one partition: its commands in groups, its queries beside them. */
  private async takeBatch({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> {
    await this.ready;
    const envelopes = batch.messages.map((message) => (message.value ? this.parse(message.value) : undefined));
    const recorded = this.recordedOutcomes(envelopes);
    // Awaited by the decisions; not unhandled meanwhile (a failure is fatal, see recordedOutcomes).
    recorded.catch(() => undefined);
    const work: PartitionWork = { partition: batch.partition, recorded, answered: new Set() };
    for (const [i, message] of batch.messages.entries()) {
      if (!isRunning() || isStale()) break;
      await this.take(work, envelopes[i], (BigInt(message.offset) + 1n).toString());
      resolveOffset(message.offset);
    }
    await this.commit(work);
    await heartbeat();
  }

  /**
   * The recorded outcomes of a batch's commands (redeliveries), in one lookup rather than one per
   * command. A command's outcome is recorded only once it was answered, by this partition's
   * owner, so none of the batch's can appear meanwhile but those the batch answers itself.
   */
  private recordedOutcomes(envelopes: (ParsedCommandEnvelope | undefined)[]): Promise<Map<string, CommandOutcome>> {
    const ids = envelopes.flatMap((envelope) => {
      const handler = envelope?.kind === 'command' ? this.options.handlers[envelope.type] : undefined;
      return handler?.kind === 'command' && !handler.unrecorded ? [envelope!.commandId] : [];
    });
    if (ids.length === 0) return Promise.resolve(new Map());
    return this.options.store.outcomesOf(ids).catch((error: unknown) => {
      // Outcomes or checkpoints of earlier commands could not be written (see EventStore).
      this.options.onFatal(error);
      throw error;
    });
  }

  private async take(work: PartitionWork, parsed: ParsedCommandEnvelope | undefined, through: string): Promise<void> {
    const envelope = parsed && this.stillAwaited(parsed) ? parsed : undefined;
    const handler = envelope && this.options.handlers[envelope.type];
    if (envelope && envelope.kind === 'command' && handler?.kind !== 'query') {
      await withLogContext(logContextOf(envelope), () => this.decideInto(work, envelope, handler));
      work.open!.through = through;
      return;
    }
    // A query reads what the partition's earlier commands wrote, so they are written first.
    await this.commit(work);
    // Queries change nothing, so they need no place in the per-key order: a user's concurrent
    // reads run side by side.
    if (envelope) await withLogContext(logContextOf(envelope), () => this.runDetached(() => this.answerQuery(envelope, handler)));
    this.afterReplies(work.partition, Promise.resolve(), through);
  }

  /** The envelope of a command; undefined, and logged, for one malformed. */
  private parse(raw: Buffer): ParsedCommandEnvelope | undefined {
    const parsed = CommandEnvelope.safeParse(jsonOrUndefined(raw));
    if (!parsed.success) {
      this.logger.warn({ issues: parsed.error.issues }, 'malformed command dropped');
      return undefined;
    }
    return parsed.data;
  }

  /** Whether the command's sender still waits for it; one past its deadline is dropped, logged. */
  private stillAwaited(envelope: ParsedCommandEnvelope): boolean {
    if (envelope.deadline >= Date.now()) return true;
    this.logger.warn({ commandId: envelope.commandId, type: envelope.type }, 'command past its deadline dropped');
    return false;
  }

  /** The partition's offset counts as handled once the replies before it, and `sent`, reached the broker. */
  private afterReplies(partition: number, sent: Promise<void>, through: string): void {
    // The next command of the partition does not wait for these replies; a crash before they are
    // sent redelivers their commands, which their recorded outcomes answer.
    const previous = this.replying.get(partition) ?? Promise.resolve();
    const replied = Promise.all([previous, sent]).then(
      () => {
        this.handled.set(partition, through);
        if (this.replying.get(partition) === replied) this.replying.delete(partition);
      },
      (error: unknown) => this.options.onFatal(error),
    );
    this.replying.set(partition, replied);
  }

  /** The group a command of this key joins: the open one, unless full or of another partition. */
  private async groupFor(work: PartitionWork, key: string): Promise<OpenGroup> {
    const open = work.open;
    if (open && open.group.takes(key) && open.answers.length < MAX_GROUP_COMMANDS) return open;
    await this.commit(work);
    return this.openGroup(work, key);
  }

  private async openGroup(work: PartitionWork, key: string): Promise<OpenGroup> {
    work.open = { group: await this.options.store.openGroup(key), answers: [], byCommandId: new Map(), outcomes: [] };
    return work.open;
  }

  /** Decides a command on its group's documents and stages what it changed. */
  private async decideInto(work: PartitionWork, envelope: ParsedCommandEnvelope, handler: CommandHandler | undefined): Promise<void> {
    const started = performance.now();
    const open = await this.groupFor(work, envelope.key);
    const answer = (reply: Answer['reply'], staged?: number): void => {
      const taken = { envelope, started, reply, ...(staged === undefined ? {} : { staged }) };
      work.open!.answers.push(taken);
      work.open!.byCommandId.set(envelope.commandId, taken);
    };
    const record = (outcome: CommandOutcome): void => {
      if (!handler?.unrecorded) work.open!.outcomes.push({ commandId: envelope.commandId, outcome, deadline: envelope.deadline });
    };
    if (!handler) return answer(() => unknownOperation(envelope));
    // The same command twice in one group (sent again before the first was answered): one answer.
    const same = open.byCommandId.get(envelope.commandId);
    if (same) return answer(same.reply, same.staged);
    // A redelivered command answers its recorded outcome. The lookup runs beside the decision,
    // which only reads: a decision taken for nothing is dropped before anything is written.
    const [known, decided] = await Promise.all([
      handler.unrecorded
        ? null
        : work.answered.has(envelope.commandId)
          ? this.recordedOutcome(envelope.commandId)
          : work.recorded.then((recorded) => recorded.get(envelope.commandId) ?? null),
      open.group.within(() => this.decide(envelope, handler)),
    ]);
    if (known) {
      this.keepOutcome(envelope, known);
      return answer(() => fromOutcome(envelope, handler, known));
    }
    if ('refused' in decided) return answer(() => decided.refused);
    if (!('decision' in decided)) {
      const error = decided.thrown;
      if (error instanceof DomainError) record({ events: [], positions: [], error: error.toPayload() });
      const reply = this.failed(envelope, error);
      return answer(() => reply);
    }
    const { ctx, decision } = decided;
    if (decision.events.length === 0) {
      record({ events: [], positions: [], body: decision.reply });
      return answer(() => success(envelope, decision.reply, decision.positions ?? []));
    }
    const events = decision.events.map((e) => this.stamp(envelope, e, ctx.now));
    // The error goes with the events, so a redelivery answers it even after a crash.
    const appended = { error: decision.error?.toPayload(), deadline: envelope.deadline };
    const staged = await this.stageEvents(work, envelope, events, appended);
    if (staged instanceof EventsTooLargeError) {
      // Refused before anything was written: the command changed nothing, and says so again if redelivered.
      record({ events: [], positions: [], error: staged.toPayload() });
      return answer(() => failure(envelope, staged));
    }
    answer(
      (position) =>
        decision.error ? failure(envelope, decision.error) : success(envelope, decision.reply, [position!, ...(decision.positions ?? [])]),
      staged,
    );
  }

  /**
   * Stages a decided command's events in the partition's group (a new one when they do not fit
   * beside those staged already); its index in the group, or the refusal of events too large.
   */
  private async stageEvents(
    work: PartitionWork,
    envelope: ParsedCommandEnvelope,
    events: EventEnvelope[],
    appended: AppendedCommand,
  ): Promise<number | EventsTooLargeError> {
    let encoded: EncodedEvents;
    try {
      encoded = this.options.store.encode(envelope.key, events, appended);
    } catch (error) {
      if (!(error instanceof EventsTooLargeError)) throw error;
      this.logger.warn(
        { commandId: envelope.commandId, type: envelope.type, bytes: error.extra.bytes },
        'command refused: its events are too large to store',
      );
      return error;
    }
    let open = work.open!;
    if (!open.group.fits(encoded.bytes)) {
      await this.commit(work);
      open = await this.openGroup(work, envelope.key);
    }
    try {
      return await this.options.store.stage(open.group, encoded);
    } catch (error) {
      // The store failed under the projection: the process restarts and catches up first.
      this.options.onFatal(error);
      throw error;
    }
  }

  /**
   * Writes the partition's open group (events, documents, outcomes), then answers its commands.
   * A failure leaves the events possibly in Kafka but not in the projection: deciding more could
   * use a stale state, so the process restarts and catches up first.
   */
  private async commit(work: PartitionWork): Promise<void> {
    const open = work.open;
    if (!open) return;
    work.open = undefined;
    let positions: Position[];
    try {
      positions = await this.options.store.commit(open.group);
      await this.options.store.recordOutcomes(open.outcomes);
    } catch (error) {
      this.options.onFatal(error);
      throw error;
    }
    for (const commandId of open.byCommandId.keys()) work.answered.add(commandId);
    const replies = open.answers.map(({ envelope, started, staged, reply }) => {
      const answered = { envelope, reply: reply(staged === undefined ? undefined : positions[staged]) };
      withLogContext(logContextOf(envelope), () => this.logHandled(envelope, answered.reply, performance.now() - started));
      return answered;
    });
    const sent = this.sendReplies(replies);
    // Awaited by the partition's reply chain; not unhandled meanwhile.
    sent.catch(() => undefined);
    if (open.through !== undefined) this.afterReplies(work.partition, sent, open.through);
  }

  /** At most MAX_DETACHED queries at once; beyond that the partition waits, as for a command. */
  private async runDetached(work: () => Promise<void>): Promise<void> {
    while (this.inFlight.size >= MAX_DETACHED) await Promise.race(this.inFlight);
    const running = work()
      .catch((error: unknown) => this.logger.error({ err: error }, 'query failed'))
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Answers a query (or an operation without a handler), once its reply has reached the broker. */
  private async answerQuery(envelope: ParsedCommandEnvelope, handler: CommandHandler | QueryHandler | undefined): Promise<void> {
    const started = performance.now();
    let reply: Reply;
    if (!handler) reply = unknownOperation(envelope);
    else {
      const ctx = await this.contextFor(envelope, handler);
      reply = 'refused' in ctx ? ctx.refused : await this.runQuery(envelope, handler as QueryHandler, ctx);
    }
    this.logHandled(envelope, reply, performance.now() - started);
    await this.sendReplies([{ envelope, reply }]);
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
   * Sends replies, small ones together (as few requests as their size allows), larger ones each
   * on its own, compressed past COMPRESS_REPLIES_ABOVE.
   */
  private async sendReplies(replies: { envelope: ParsedCommandEnvelope; reply: Reply }[]): Promise<void> {
    const batches: TopicMessage[][] = [];
    let batch: TopicMessage[] = [];
    let batchBytes = 0;
    const sending: Promise<void>[] = [];
    for (const { envelope, reply } of replies) {
      // Encoded once here: measuring the text, then letting the client encode it, copied it twice.
      const value = Buffer.from(JSON.stringify(reply));
      if (value.length > BATCHED_REPLY_BYTES) {
        sending.push(this.send(envelope, value));
        continue;
      }
      if (batchBytes + value.length > REPLY_BATCH_BYTES) {
        batches.push(batch);
        batch = [];
        batchBytes = 0;
      }
      batch.push({ topic: envelope.replyTo, key: envelope.commandId, value });
      batchBytes += value.length;
    }
    if (batch.length > 0) batches.push(batch);
    for (const messages of batches) sending.push(this.sendBatch(messages));
    await Promise.all(sending);
  }

  private async sendBatch(messages: TopicMessage[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const { topic, ...message } of messages) byTopic.set(topic, [...(byTopic.get(topic) ?? []), message]);
    await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list })) });
  }

  /**
   * A reply the broker refuses as too large even compressed (a query over an enormous state, a
   * command's answer) is replaced by an error: failing to send it would stop the partition, and
   * the command, redelivered, would fail the same way.
   */
  private async send(envelope: ParsedCommandEnvelope, value: Buffer): Promise<void> {
    try {
      await this.sendReply(envelope, value);
    } catch (error) {
      if (!isMessageTooLarge(error)) throw error;
      this.logger.warn(
        { commandId: envelope.commandId, type: envelope.type, bytes: value.length },
        'reply too large for Kafka; answered with an error instead',
      );
      const tooLarge = new DomainError('BAD_REQUEST', `The answer to this request is too large to send (${value.length} bytes of JSON).`);
      await this.sendReply(envelope, Buffer.from(JSON.stringify(failure(envelope, tooLarge))));
    }
  }

  private async sendReply(envelope: ParsedCommandEnvelope, value: Buffer): Promise<void> {
    await this.producer.send({
      topic: envelope.replyTo,
      acks: -1,
      compression: value.length > COMPRESS_REPLIES_ABOVE ? CompressionTypes.GZIP : CompressionTypes.None,
      messages: [{ key: envelope.commandId, value }],
    });
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

/** What the log lines of a command's handling name: its request, and the caller. */
const logContextOf = (envelope: ParsedCommandEnvelope) => ({
  correlationId: envelope.correlationId,
  ...(envelope.actorId === null ? {} : { userId: envelope.actorId }),
});

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

/** The answer to an operation this service has no handler for (a gateway newer than the service). */
const unknownOperation = (envelope: ParsedCommandEnvelope): Reply =>
  failure(envelope, new DomainError('INTERNAL_SERVER_ERROR', `Unknown operation ${envelope.type}`));

const failure = (envelope: ParsedCommandEnvelope, error: DomainError): Reply => ({
  ok: false,
  commandId: envelope.commandId,
  error: error.toPayload(),
});
