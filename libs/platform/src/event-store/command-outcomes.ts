import type { EventEnvelope, Position, ZulipErrorPayload } from '@zulip-es/contracts';
import type { DocumentCollection, ProjectionDb } from '../mongo/document-collection';
import { documentSchema } from '../mongo/document-schema';
import { documentsOf } from '../mongo/model-documents';

/** The dedupe log of commands: kept by rebuilds (error outcomes have no events to rebuild them from). */
export const OUTCOMES_COLLECTION = 'command_outcomes';

/** What a command did, kept so a redelivered command gets the same answer and no second effect. */
export interface CommandOutcome {
  events: Pick<EventEnvelope, 'type' | 'aggregateId' | 'data'>[];
  positions: Position[];
  error?: ZulipErrorPayload;
  /** The reply of a command that produced no events (its events cannot rebuild it). */
  body?: Record<string, unknown>;
  /** When it is pruned (ms since the epoch); absent on outcomes recorded before outcomes expired. */
  expiresAt?: number;
}

/** A command's outcome to record, kept until its deadline has long passed (see CommandOutcomes). */
export interface RecordedOutcome {
  commandId: string;
  outcome: CommandOutcome;
  deadline: number;
}

export interface OutcomeRetention {
  /** How long past its command's deadline an outcome is kept (default OUTCOME_KEPT_AFTER_DEADLINE_MS). */
  keptAfterDeadlineMs?: number;
}

/**
 * A command is delivered again only until its deadline (the processor drops it after that), but
 * a relay or a job sends the same command id again when it got no answer in time, with a new
 * deadline, and after a crash of its own: an hour past the deadline covers their retries. A
 * redelivery answered from the outcome keeps it an hour past its own deadline.
 */
export const OUTCOME_KEPT_AFTER_DEADLINE_MS = 60 * 60 * 1000;
/**
 * The deadline of a command whose events were appended before events carried theirs: the
 * longest any sender gives (the gateway's REQUEST_TIMEOUT_MS at most) after the event's time.
 */
export const LONGEST_COMMAND_WAIT_MS = 120_000;
/** Outcomes looked at per round of pruning, and rounds at most per pruning. */
const PRUNE_BATCH = 500;
const PRUNE_ROUNDS = 20;

/** An outcome as stored. */
export interface OutcomeDoc extends Omit<CommandOutcome, 'error' | 'events'> {
  _id: string;
  /** The events as JSON text. */
  eventsJson?: string;
  /** How outcomes recorded before `eventsJson` hold them. */
  events?: CommandOutcome['events'];
  /** The error payload as JSON text. */
  errorJson?: string;
}

/** Pruning looks outcomes up by `expiresAt`: indexed (MongoDB uses it; the local store scans all the same). */
export const COMMAND_OUTCOMES = documentSchema<OutcomeDoc>(
  OUTCOMES_COLLECTION,
  { positions: 'Mixed', body: 'Mixed', expiresAt: 'Number', eventsJson: 'String', events: 'Mixed', errorJson: 'String' },
  [[{ expiresAt: 1 }]],
);

/**
 * The outcomes of a service's commands, one document per command id, each kept until no
 * delivery of its command can come any more (see OUTCOME_KEPT_AFTER_DEADLINE_MS), then pruned.
 * FerretDB has no TTL index, and filters on anything but `_id` scan the whole collection in its
 * SQLite backend: `prune` runs rarely, finds a small batch of expired ids with one filter, and
 * deletes them by `_id`.
 */
export class CommandOutcomes {
  readonly keptAfterDeadlineMs: number;
  private readonly docs: DocumentCollection<OutcomeDoc>;

  constructor(db: ProjectionDb, retention: OutcomeRetention = {}) {
    this.keptAfterDeadlineMs = retention.keptAfterDeadlineMs ?? OUTCOME_KEPT_AFTER_DEADLINE_MS;
    this.docs = documentsOf(db).of(COMMAND_OUTCOMES);
  }

  /** When the outcome of a command with this deadline is no longer needed. */
  expiresAt(deadline: number): number {
    return deadline + this.keptAfterDeadlineMs;
  }

  async get(commandId: string): Promise<CommandOutcome | null> {
    const doc = await this.docs.findOne({ _id: commandId });
    return doc ? fromDoc(doc) : null;
  }

  /** The outcomes recorded of these commands, by command id (one request: a batch's commands). */
  async getAll(commandIds: readonly string[]): Promise<Map<string, CommandOutcome>> {
    const ids = [...new Set(commandIds)];
    if (ids.length === 0) return new Map();
    const docs =
      ids.length === 1
        ? [await this.docs.findOne({ _id: ids[0]! })].filter((d) => d !== null)
        : await this.docs.find({ _id: { $in: ids } });
    return new Map(docs.map((doc) => [doc._id, fromDoc(doc)]));
  }

  async record(commandId: string, outcome: CommandOutcome, deadline: number): Promise<void> {
    await this.recordAll([{ commandId, outcome, deadline }]);
  }

  /** Several commands' outcomes in one request (a command group's). */
  async recordAll(recorded: readonly RecordedOutcome[]): Promise<void> {
    if (recorded.length === 0) return;
    if (recorded.length === 1) {
      const [{ commandId, outcome, deadline }] = recorded as [RecordedOutcome];
      await this.docs.replaceOne({ _id: commandId }, this.stored(outcome, deadline), { upsert: true });
      return;
    }
    await this.docs.bulkWrite(
      recorded.map(({ commandId, outcome, deadline }) => ({
        replaceOne: { filter: { _id: commandId }, replacement: this.stored(outcome, deadline), upsert: true },
      })),
      { ordered: false },
    );
  }

  private stored(outcome: CommandOutcome, deadline: number): Omit<OutcomeDoc, '_id'> {
    // Kept as JSON text, which the store writes as one value: an error's extra fields may hold
    // nested arrays (Zulip's invitation `errors`), which the local store (FerretDB) cannot save,
    // and it converts every field of a document one by one (the events of a sent message, the
    // 100 ids of a topic deletion's batch), on every command, for what is read back only when a
    // command is redelivered.
    const { error, events, expiresAt: _previous, ...rest } = outcome;
    return {
      ...rest,
      eventsJson: JSON.stringify(events),
      ...(error ? { errorJson: JSON.stringify(error) } : {}),
      expiresAt: this.expiresAt(deadline),
    };
  }

  /** Keeps a redelivered command's outcome for as long as this delivery may come again. */
  async keepFor(commandId: string, known: CommandOutcome, deadline: number): Promise<void> {
    const expiresAt = this.expiresAt(deadline);
    if (known.expiresAt !== undefined && known.expiresAt >= expiresAt) return;
    await this.docs.updateOne({ _id: commandId }, { $set: { expiresAt } });
  }

  /**
   * Deletes the outcomes past their time, a batch at a time; resolves to how many. Outcomes
   * recorded before outcomes expired get a time of their own (now plus the retention).
   */
  async prune(now = Date.now()): Promise<number> {
    let pruned = 0;
    for (let round = 0; round < PRUNE_ROUNDS; round++) {
      const found = await this.docs.find(
        { $or: [{ expiresAt: { $lt: now } }, { expiresAt: { $exists: false } }] },
        { projection: { _id: 1, expiresAt: 1 }, limit: PRUNE_BATCH },
      );
      const expired = found.filter((d) => d.expiresAt !== undefined).map((d) => d._id);
      const undated = found.filter((d) => d.expiresAt === undefined).map((d) => d._id);
      if (expired.length > 0)
        await this.docs.bulkWrite(
          expired.map((_id) => ({ deleteOne: { filter: { _id } } })),
          { ordered: false },
        );
      if (undated.length > 0) {
        const expiresAt = now + this.keptAfterDeadlineMs;
        await this.docs.bulkWrite(
          undated.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { expiresAt } } } })),
          { ordered: false },
        );
      }
      pruned += expired.length;
      if (found.length < PRUNE_BATCH) break;
    }
    return pruned;
  }
}

function fromDoc({ _id, eventsJson, events, errorJson, ...rest }: OutcomeDoc): CommandOutcome {
  const outcome: CommandOutcome = {
    ...rest,
    events: eventsJson === undefined ? (events ?? []) : (JSON.parse(eventsJson) as CommandOutcome['events']),
  };
  return errorJson === undefined ? outcome : { ...outcome, error: JSON.parse(errorJson) as ZulipErrorPayload };
}
