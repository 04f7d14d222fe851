import type { Kafka, Message, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import { EventEnvelope, type Position, type ZulipErrorPayload } from '@zulip-es/contracts';
import { DomainError } from '../errors/domain-error';
import type { DocumentCollection, Documents, ProjectionDb } from '../mongo/document-collection';
import { documentSchema } from '../mongo/document-schema';
import { documentsOf } from '../mongo/model-documents';
import { GroupDocuments, type GroupWrites } from '../mongo/group-documents';
import { keyPartition } from '../kafka/key-partition';
import type { Logger } from '../logging/logger';
import { partitionKey } from '../kafka/offsets';
import { REBUILD_FETCH_BYTES, TopicFollower, type FollowedMessage } from '../kafka/topic-follower';
import { Quarantine } from '../quarantine/quarantine';
import { MongoQuarantineStore } from '../quarantine/quarantine-stores';
import {
  CommandOutcomes,
  LONGEST_COMMAND_WAIT_MS,
  type CommandOutcome,
  type OutcomeRetention,
  type RecordedOutcome,
} from './command-outcomes';
import { ConsistentReads } from './consistent-reads';

/** Applies events to a service's Mongo projection. Must be idempotent: an event may come twice. */
export interface Projection {
  apply(event: EventEnvelope): Promise<void>;
  /**
   * The shape of what `apply` writes. Raise it whenever a release projects events differently
   * (a new field, a fixed evolve): the next start finds the stored projection stale and rebuilds
   * it from the events before deciding anything. Missing means 0.
   */
  readonly version?: number;
  /**
   * Drops what the projection keeps in memory of its stored documents. Called before every
   * catch-up: at a start, and when partitions move, after which other processes may have
   * written them.
   */
  forget?(): void;
}

interface EventRecord {
  event: EventEnvelope;
  partition: number;
  offset: bigint;
  /** Set on the last event of a command whose answer is an error despite its events. */
  commandError?: ZulipErrorPayload;
  /** The deadline of the event's command (ms since the epoch), when the event carries it. */
  deadline?: number;
}

/** What `append` is told of the command whose events it appends. */
export interface AppendedCommand {
  /** The command answers this error although it changed something. */
  error?: ZulipErrorPayload;
  /** Its deadline: how long its outcome is needed (see CommandOutcomes). */
  deadline?: number;
}

/**
 * Kafka header on the last event of such a command (Zulip's partly successful invitations): the
 * error travels with the events, so an outcome rebuilt by catch-up after a crash answers it too.
 * A header, not an envelope field, because it concerns the command's caller, not event consumers.
 */
export const COMMAND_ERROR_HEADER = 'command-error';
/**
 * Kafka header on every event of a command since outcomes expire: its deadline (ms since the
 * epoch), so catch-up and rebuilds know how long the outcome they derive is needed, and derive
 * none for a command that can no longer be delivered.
 */
export const COMMAND_DEADLINE_HEADER = 'command-deadline';

/**
 * The most one append may take in Kafka: the events of a command go to one partition as one
 * record batch, which the broker refuses above its `message.max.bytes` (set to 1 MiB, Kafka's
 * default, in the local stack and docker-compose). Below it by the framing of a batch and room
 * to spare.
 */
export const MAX_APPEND_BYTES = 1_000_000;
/** A record's framing in a batch (lengths, offsets, timestamp, attributes): at most this. */
const RECORD_FRAMING_BYTES = 40;

/**
 * A command whose events are too large to store: refused, nothing appended. Before this check the
 * broker refused the append, and the service exited, restarted and read the same command again.
 */
export class EventsTooLargeError extends DomainError {
  constructor(bytes: number) {
    super('BAD_REQUEST', `This change is too large to store: ${bytes} bytes of events, over the limit of ${MAX_APPEND_BYTES}.`, {
      bytes,
      max_bytes: MAX_APPEND_BYTES,
    });
  }
}
/**
 * How often the checkpoints of appended events are written (after their outcomes). Not after
 * each command: that was a store write per command. A crash before a checkpoint is written only
 * means that catch-up applies those events again (projections are idempotent) and finds their
 * outcomes already recorded.
 */
const CHECKPOINT_EVERY_MS = 1_000;
interface CheckpointDoc {
  _id: string;
  offset: string;
}
/** Per partition of the events topic (`partitionKey`), the offset of the last event the projection applied. */
const CHECKPOINTS = documentSchema<CheckpointDoc>('checkpoints', { offset: 'String' });

/** The consumer name of a service's own projection in its quarantine. */
export const PROJECTION_CONSUMER = 'projection';

export interface EventStoreOptions {
  /** Called after each batch that `catchUp` applied (a rebuild writes its buffer from there). */
  afterCatchUpBatch?: () => Promise<void>;
  /** Where events the projection cannot apply go; by default a quarantine in `db`. */
  quarantine?: Quarantine;
  /** How long command outcomes are kept. */
  outcomes?: OutcomeRetention;
  /** Where checkpoints and outcomes are read and written, if not in `db` (a rebuild's write-behind buffer). */
  documents?: Documents;
  /**
   * The documents the projection reads and writes, on which command groups write behind. A
   * projection writing elsewhere writes as it applies, before its group's events are appended.
   */
  grouped?: GroupDocuments;
}

/** A command's events and the records that carry them (see EventStore.encode). */
export interface EncodedEvents {
  key: string;
  events: EventEnvelope[];
  command: AppendedCommand;
  messages: Message[];
  bytes: number;
}

/** A command whose events a group has applied to its documents: appended, written and recorded at the commit. */
interface StagedCommand {
  messages: Message[];
  events: EventEnvelope[];
  command: AppendedCommand;
  /** Its events that failed to apply for reasons of their own, by index: quarantined once appended. */
  failures: Map<number, unknown>;
}

/**
 * Commands decided one after another, each on the state the earlier ones left in the group's
 * documents, then appended together: their events go to one partition of the events topic as one
 * record batch (atomic, as one command's always were), the documents to the store in one bulk
 * write per collection, the outcomes in one more. Nothing reaches the store before the events are
 * in Kafka, so a crash at any point leaves the projection behind the log, never ahead of it.
 */
export class CommandGroup {
  readonly staged: StagedCommand[] = [];
  bytes = 0;

  constructor(
    /** The events partition every command of the group appends to, of so many. */
    readonly partition: number,
    private readonly partitions: number,
    readonly writes: GroupWrites,
  ) {}

  /** Runs `work` (a decision, the projection applying its events) on the group's documents. */
  within<T>(work: () => Promise<T>): Promise<T> {
    return this.writes.within(work);
  }

  /** Whether a command of this key may join: its events would go to the group's partition. */
  takes(key: string): boolean {
    return keyPartition(key, this.partitions) === this.partition;
  }

  /** Whether events taking `bytes` still fit in the group's one record batch. */
  fits(bytes: number): boolean {
    return this.staged.length === 0 || this.bytes + bytes <= MAX_APPEND_BYTES;
  }
}

/** Per partition (`partitionKey`), the offset of the last event a projection applied. */
export async function checkpointOffsets(db: ProjectionDb): Promise<Map<string, bigint>> {
  return new Map((await documentsOf(db).of(CHECKPOINTS).find({})).map((c) => [c._id, BigInt(c.offset)]));
}

/**
 * A service's own events topic and the projection built from it. Appending writes the events to
 * Kafka first (the source of truth), then applies them to Mongo and records per partition the
 * last offset applied, so after a crash `catchUp` applies what is missing.
 *
 * The bookkeeping of an append (the command's outcome, then, within CHECKPOINT_EVERY_MS, the
 * checkpoint) is written after `append` returns, so the reply does not wait for it. That is safe because both are derived
 * from the events: after a crash before they are written, `catchUp` starts from the previous
 * checkpoint, applies the events again (projections are idempotent) and records their outcomes.
 * A redelivered command can only be answered after its outcome is written: `outcomeOf` waits.
 */
export class EventStore {
  /** Outcome and checkpoint writes of appended commands, one after another so checkpoints only grow. */
  private bookkeeping: Promise<void> = Promise.resolve();
  private bookkeepingFailure: { error: unknown } | null = null;
  /** Per partition, the offset of the last appended event whose checkpoint is not written yet. */
  private readonly unwrittenCheckpoints = new Map<number, bigint>();
  private checkpointTimer?: NodeJS.Timeout;
  private readonly reads = new ConsistentReads();
  private readonly afterCatchUpBatch: () => Promise<void>;
  readonly quarantine: Quarantine;
  private readonly outcomes: CommandOutcomes;
  private readonly documents: Documents;
  private readonly checkpoints: DocumentCollection<CheckpointDoc>;
  private readonly grouped: GroupDocuments;
  private partitions?: Promise<number>;

  constructor(
    private readonly kafka: Kafka,
    private readonly producer: Producer,
    readonly topic: string,
    db: Connection,
    private readonly projection: Projection,
    private readonly logger: Logger,
    options: EventStoreOptions = {},
  ) {
    this.afterCatchUpBatch = options.afterCatchUpBatch ?? (async () => undefined);
    this.quarantine = options.quarantine ?? new Quarantine(new MongoQuarantineStore(db), logger);
    this.documents = documentsOf(options.documents ?? db);
    this.outcomes = new CommandOutcomes(this.documents, options.outcomes);
    this.checkpoints = this.documents.of(CHECKPOINTS);
    this.grouped = options.grouped ?? new GroupDocuments(this.documents);
  }

  /**
   * Applies every event appended but not yet projected (by this or a crashed instance).
   * `outcomesRecordedThrough`: per partition (`partitionKey`), the offset up to which every
   * command's outcome is known to be recorded (a rebuild passes the checkpoints of the projection
   * it dropped, outcomes being written before checkpoints); those are left as they are, without
   * a lookup each.
   */
  async catchUp(outcomesRecordedThrough?: ReadonlyMap<string, bigint>): Promise<number> {
    // Written first, so that the checkpoints catch-up writes are never overwritten by older ones.
    await this.flushCheckpoints();
    this.projection.forget?.();
    const applied = await checkpointOffsets(this.documents);
    let count = 0;
    const follower = new TopicFollower(
      this.kafka,
      {
        name: `${this.topic}.catch-up`,
        topics: [this.topic],
        stopAtEnd: true,
        maxBytesPerPartition: REBUILD_FETCH_BYTES,
        startAt: (topic, partition) => {
          const last = applied.get(partitionKey(topic, partition));
          if (last === undefined) return undefined;
          this.reads.applied(partition, last);
          return last + 1n;
        },
      },
      async (batch) => {
        count += batch.length;
        await this.reads.write(() => this.applyBatch(batch, outcomesRecordedThrough));
        await this.afterCatchUpBatch();
      },
      this.logger,
    );
    await follower.start();
    if (count > 0) this.logger.info({ topic: this.topic, events: count }, 'projection caught up');
    return count;
  }

  /** A group for commands of this key's partition (see CommandGroup). */
  async openGroup(key: string): Promise<CommandGroup> {
    this.partitions ??= this.partitionCount();
    const partitions = await this.partitions;
    return new CommandGroup(keyPartition(key, partitions), partitions, this.grouped.open());
  }

  /** Appends one command's events as a group of its own; resolves to the position of the last. */
  async append(key: string, events: EventEnvelope[], command: AppendedCommand = {}): Promise<Position[]> {
    if (events.length === 0) return [];
    const group = await this.openGroup(key);
    await this.stage(group, this.encode(key, events, command));
    return this.commit(group);
  }

  /** The events topic's partitions, as many as the commands topic's unless a test made it otherwise. */
  private async partitionCount(): Promise<number> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [this.topic] });
      return topics[0]!.partitions.length;
    } finally {
      await admin.disconnect();
    }
  }

  /** A command's events as records of its key; EventsTooLargeError past MAX_APPEND_BYTES, nothing written. */
  encode(key: string, events: EventEnvelope[], command: AppendedCommand = {}): EncodedEvents {
    const messages = toMessages(key, events, command);
    const bytes = batchBytes(messages);
    if (bytes > MAX_APPEND_BYTES) throw new EventsTooLargeError(bytes);
    return { key, events, command, messages, bytes };
  }

  /**
   * Applies a decided command's events to the group's documents, where the next command's
   * decision reads them; returns its index in the group. An event the projection cannot apply is
   * quarantined once appended (its command is answered: its events are facts then).
   */
  async stage(group: CommandGroup, encoded: EncodedEvents): Promise<number> {
    this.throwIfBookkeepingFailed();
    const { key, events, command, bytes } = encoded;
    if (events.length === 0 || !group.takes(key) || !group.fits(bytes))
      throw new Error(`a command group of partition ${group.partition} cannot take these events`);
    const messages = encoded.messages.map((m) => ({ ...m, partition: group.partition }));
    const failures = new Map<number, unknown>();
    await group.within(async () => {
      for (const [i, event] of events.entries()) {
        const where = { topic: this.topic, partition: group.partition, eventType: event.type, eventId: event.eventId };
        const failed = await this.quarantine.attempt(where, PROJECTION_CONSUMER, () => this.projection.apply(event));
        if (failed) failures.set(i, failed.error);
      }
    });
    group.staged.push({ messages, events, command, failures });
    group.bytes += bytes;
    return group.staged.length - 1;
  }

  /**
   * Appends the group's events in one batch, then writes its documents; resolves, per staged
   * command, to the position of its last event.
   */
  async commit(group: CommandGroup): Promise<Position[]> {
    const { records, failures } = await this.reads.write(async () => {
      const appended = group.staged.length > 0 ? await this.appendStaged(group) : [];
      const failed = await group.writes.write();
      for (const r of appended) this.reads.applied(r.partition, r.offset);
      return { records: appended, failures: failed };
    });
    for (const error of failures)
      this.logger.error({ err: error, topic: this.topic }, 'an effect of applied events failed after they were written');
    await this.quarantineFailures(group, records);
    if (records.length > 0) this.keepBooks(records);
    let next = 0;
    return group.staged.map(({ events }) => {
      next += events.length;
      const { partition, offset } = records[next - 1]!;
      return { topic: this.topic, partition, offset: offset.toString() };
    });
  }

  private async appendStaged(group: CommandGroup): Promise<EventRecord[]> {
    const [meta] = await this.producer.send({ topic: this.topic, acks: -1, messages: group.staged.flatMap((s) => s.messages) });
    let offset = BigInt(meta!.baseOffset ?? '0');
    const records: EventRecord[] = [];
    for (const { events, command } of group.staged) {
      const last = events.length - 1;
      for (const [i, event] of events.entries())
        records.push({
          event,
          partition: meta!.partition,
          offset: offset++,
          commandError: i === last ? command.error : undefined,
          deadline: command.deadline,
        });
    }
    return records;
  }

  private async quarantineFailures(group: CommandGroup, records: EventRecord[]): Promise<void> {
    let first = 0;
    for (const { events, failures } of group.staged) {
      for (const [i, error] of failures) {
        const { event, partition, offset } = records[first + i]!;
        const ref = { topic: this.topic, partition, offset, eventType: event.type, eventId: event.eventId };
        await this.quarantine.add(ref, PROJECTION_CONSUMER, error);
      }
      first += events.length;
    }
  }

  /**
   * Runs `read` on the projection so that it reflects exactly the events applied through the
   * positions it answers (see ConsistentReads), this process's appends included.
   */
  async consistentRead<T>(read: () => Promise<T>): Promise<{ value: T; reflects: Position[] }> {
    const { value, through } = await this.reads.read(read);
    return { value, reflects: [...through].map(([partition, offset]) => ({ topic: this.topic, partition, offset: offset.toString() })) };
  }

  async outcomeOf(commandId: string): Promise<CommandOutcome | null> {
    await this.settled();
    return this.outcomes.get(commandId);
  }

  /** The recorded outcomes of these commands, by command id, in one request (see outcomeOf). */
  async outcomesOf(commandIds: readonly string[]): Promise<Map<string, CommandOutcome>> {
    await this.settled();
    return this.outcomes.getAll(commandIds);
  }

  /**
   * Records a command that changed nothing (an error or a no-op) so a redelivery repeats it,
   * until no delivery of it can come any more (`deadline`, see CommandOutcomes).
   */
  recordOutcome(commandId: string, outcome: CommandOutcome, deadline: number): Promise<void> {
    return this.outcomes.record(commandId, outcome, deadline);
  }

  /** The outcomes of several such commands (a command group's) in one request. */
  recordOutcomes(recorded: readonly RecordedOutcome[]): Promise<void> {
    return this.outcomes.recordAll(recorded);
  }

  /** A redelivered command answered from `known`: its outcome is kept as long as this delivery needs. */
  keepOutcome(commandId: string, known: CommandOutcome, deadline: number): Promise<void> {
    return this.outcomes.keepFor(commandId, known, deadline);
  }

  /** Deletes the outcomes of commands that can no longer be delivered; resolves to how many. */
  pruneOutcomes(now?: number): Promise<number> {
    return this.outcomes.prune(now);
  }

  /** Resolves once the bookkeeping of every append so far is written; rejects if some of it failed. */
  async settled(): Promise<void> {
    await this.bookkeeping;
    this.throwIfBookkeepingFailed();
  }

  /**
   * Writes the checkpoints of the events appended so far (after their outcomes); resolves once
   * written. Called every CHECKPOINT_EVERY_MS after an append, and by a stopping service.
   */
  flushCheckpoints(): Promise<void> {
    clearTimeout(this.checkpointTimer);
    this.checkpointTimer = undefined;
    this.afterOutcomes(async () => {
      const offsets = new Map(this.unwrittenCheckpoints);
      this.unwrittenCheckpoints.clear();
      await this.writeCheckpoints(offsets);
    });
    return this.settled();
  }

  private keepBooks(records: EventRecord[]): void {
    this.afterOutcomes(async () => {
      await this.deriveOutcomes(records);
      for (const r of records) this.unwrittenCheckpoints.set(r.partition, r.offset);
      // Unreferenced: an idle process may exit without it (a stopping service flushes them itself).
      this.checkpointTimer ??= setTimeout(() => void this.flushCheckpoints().catch(() => undefined), CHECKPOINT_EVERY_MS).unref();
    });
  }

  /** Queues bookkeeping after what is queued already, so outcomes precede their checkpoints and checkpoints only grow. */
  private afterOutcomes(write: () => Promise<void>): void {
    this.bookkeeping = this.bookkeeping.then(async () => {
      if (this.bookkeepingFailure) return;
      try {
        await write();
      } catch (error) {
        this.logger.error({ err: error, topic: this.topic }, 'could not record a command outcome or checkpoint');
        this.bookkeepingFailure = { error };
      }
    });
  }

  /** After a failed outcome or checkpoint write nothing more is decided: the process must restart and catch up. */
  private throwIfBookkeepingFailed(): void {
    if (this.bookkeepingFailure) throw this.bookkeepingFailure.error;
  }

  /**
   * Catch-up: applies, records the outcomes, then the checkpoint. One command's events may be
   * split across fetch batches, so outcomes are merged with what is already recorded.
   */
  private async applyBatch(batch: FollowedMessage[], outcomesRecordedThrough?: ReadonlyMap<string, bigint>): Promise<void> {
    const records: EventRecord[] = [];
    for (const m of batch) {
      const record = await this.parseRecord(m);
      if (record) records.push(record);
    }
    await this.applyInOrder(records);
    // Quarantined events too: their commands took place, their events are in the log.
    await this.deriveOutcomes(records, { outcomesRecordedThrough });
    // Past the records too that could not be read as events (quarantined).
    await this.writeCheckpoints(new Map(batch.map((m) => [m.partition, m.offset])));
  }

  /** The event of a record; undefined, and the record quarantined, when it does not parse as one. */
  private async parseRecord(m: FollowedMessage): Promise<EventRecord | undefined> {
    try {
      const error = m.headers?.[COMMAND_ERROR_HEADER];
      const deadline = Number(m.headers?.[COMMAND_DEADLINE_HEADER]);
      return {
        event: EventEnvelope.parse(JSON.parse(m.value.toString())),
        partition: m.partition,
        offset: m.offset,
        commandError: error === undefined ? undefined : (JSON.parse(error) as ZulipErrorPayload),
        deadline: Number.isSafeInteger(deadline) ? deadline : undefined,
      };
    } catch (error) {
      await this.quarantine.add(
        { topic: m.topic, partition: m.partition, offset: m.offset, eventType: m.headers?.type },
        PROJECTION_CONSUMER,
        error,
      );
      return undefined;
    }
  }

  /** Per partition, the offset of the last event applied. */
  private async writeCheckpoints(lastByPartition: ReadonlyMap<number, bigint>): Promise<void> {
    for (const [partition, offset] of lastByPartition) {
      await this.checkpoints.replaceOne({ _id: partitionKey(this.topic, partition) }, { offset: offset.toString() }, { upsert: true });
    }
  }

  /**
   * An event the projection cannot apply is quarantined and passed, here as at catch-up: just
   * appended, its command is answered (its events are facts now) and the service goes on.
   */
  private async applyInOrder(records: EventRecord[]): Promise<void> {
    for (const { event, partition, offset } of records) {
      const ref = { topic: this.topic, partition, offset, eventType: event.type, eventId: event.eventId };
      await this.quarantine.apply(ref, PROJECTION_CONSUMER, () => this.projection.apply(event));
      this.reads.applied(partition, offset);
    }
  }

  /**
   * The outcome of each command is derived from its events, so catch-up restores it too; except
   * for commands that can no longer be delivered: a rebuild does not bring back every outcome of
   * the log's history.
   */
  private async deriveOutcomes(records: EventRecord[], resumed?: { outcomesRecordedThrough?: ReadonlyMap<string, bigint> }): Promise<void> {
    const byCommand = new Map<string, CommandOutcome & { first: bigint; deadline: number }>();
    for (const { event, partition, offset, commandError, deadline } of records) {
      const outcome = byCommand.get(event.causationId) ?? { events: [], positions: [], first: offset, deadline: 0 };
      outcome.events.push({ type: event.type, aggregateId: event.aggregateId, data: event.data });
      outcome.positions = [{ topic: this.topic, partition, offset: offset.toString() }];
      if (commandError) outcome.error = commandError;
      outcome.deadline = Math.max(outcome.deadline, deadline ?? Date.parse(event.time) + LONGEST_COMMAND_WAIT_MS);
      byCommand.set(event.causationId, outcome);
    }
    const now = Date.now();
    const recorded: RecordedOutcome[] = [];
    for (const [commandId, { first, deadline, ...outcome }] of byCommand) {
      if (this.outcomes.expiresAt(deadline) <= now) continue;
      const { partition, offset: last } = outcome.positions[0]!;
      if (BigInt(last) <= (resumed?.outcomesRecordedThrough?.get(partitionKey(this.topic, partition)) ?? -1n)) continue;
      const known = resumed ? await this.outcomeOf(commandId) : null;
      if (known && BigInt(known.positions[0]?.offset ?? '-1') >= first) continue;
      recorded.push({ commandId, outcome: known ? { ...outcome, events: [...known.events, ...outcome.events] } : outcome, deadline });
    }
    await this.outcomes.recordAll(recorded);
  }
}

/**
 * The records of one append, each with the command's deadline; the command's error, if any,
 * rides on the last (see COMMAND_ERROR_HEADER).
 */
function toMessages(key: string, events: EventEnvelope[], command: AppendedCommand): Message[] {
  const last = events.length - 1;
  const deadline = command.deadline === undefined ? {} : { [COMMAND_DEADLINE_HEADER]: String(command.deadline) };
  return events.map((e, i) => ({
    key,
    value: JSON.stringify(e),
    headers:
      i === last && command.error
        ? { type: e.type, ...deadline, [COMMAND_ERROR_HEADER]: JSON.stringify(command.error) }
        : { type: e.type, ...deadline },
  }));
}

/** What the records take in their batch, framing included (an upper bound). */
export function batchBytes(messages: Message[]): number {
  const text = (value: unknown): number =>
    typeof value === 'string' ? Buffer.byteLength(value) : Buffer.isBuffer(value) ? value.length : 0;
  return messages.reduce((bytes, message) => {
    const headers = Object.entries(message.headers ?? {}).reduce(
      (sum, [name, value]) => sum + Buffer.byteLength(name) + text(value) + 10,
      0,
    );
    return bytes + RECORD_FRAMING_BYTES + text(message.key) + text(message.value) + headers;
  }, 0);
}
