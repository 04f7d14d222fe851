import type { Logger } from '../logging/logger';
import { isTransientError } from './transient-error';

/** Where a record sits in the log, and what it says it is (when that could be read). */
export interface RecordRef {
  topic: string;
  partition: number;
  offset: bigint;
  eventType?: string | null;
  eventId?: string | null;
}

/** An event a consumer could not apply, kept for an operator to look at and replay after a fix. */
export interface QuarantinedEvent {
  /** `<consumer>|<topic>:<partition>:<offset>`: one entry per event and consumer, however often it fails. */
  _id: string;
  /** What failed to apply it: `projection`, `read model <name>`, `auth`, `fan-out`. */
  consumer: string;
  topic: string;
  partition: number;
  offset: string;
  eventType: string | null;
  eventId: string | null;
  error: string;
  /** When it last failed (ISO time). */
  at: string;
}

/** Where a service keeps its quarantined events: its Mongo database, or Redis for the services without one. */
export interface QuarantineStore {
  ids(): Promise<string[]>;
  list(): Promise<QuarantinedEvent[]>;
  /** Writes the entry, replacing one with the same `_id`. */
  put(entry: QuarantinedEvent): Promise<void>;
  remove(id: string): Promise<void>;
  /** Resolves once the store answers; rejects when it cannot be reached. */
  ping(): Promise<void>;
}

export interface QuarantineOptions {
  /** Tries of an event before its failure counts as the event's own (default 3). */
  attempts?: number;
  /** Wait before the second try, doubled before each further one (default 50 ms). */
  retryDelayMs?: number;
}

export const quarantineId = (consumer: string, ref: Pick<RecordRef, 'topic' | 'partition' | 'offset'>): string =>
  `${consumer}|${ref.topic}:${ref.partition}:${ref.offset}`;

/**
 * An event already in the log never stops a service: one that a consumer (the projection, a read
 * model, the fan-out) cannot apply is recorded here, logged at error level and counted (the
 * health answer shows the count), and the consumer goes on past it.
 *
 * Only failures of the event itself quarantine it. A failure is taken for the event's own when it
 * is not an infrastructure error (`isTransientError`), it repeats on every try, and the store
 * still answers a ping afterwards: evolve throwing, data its schema no longer parses, a document
 * the store refuses as too large. Anything else is thrown as before, so the service exits and
 * catches up on restart, or its consumer retries: an event is never skipped because Mongo,
 * Redis or Kafka was down for a moment.
 *
 * An entry leaves the quarantine when its event applies again: a read model that re-reads its
 * topics at the next start, or a rebuild of the projection (`npm run quarantine -- <service> replay`).
 */
export class Quarantine {
  private readonly known = new Set<string>();
  private loading?: Promise<void>;
  private readonly attempts: number;
  private readonly retryDelayMs: number;

  constructor(
    private readonly store: QuarantineStore,
    private readonly logger: Logger,
    options: QuarantineOptions = {},
  ) {
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.retryDelayMs = options.retryDelayMs ?? 50;
  }

  /** The events in quarantine, as this process knows them (loaded at start, then kept up to date). */
  get count(): number {
    return this.known.size;
  }

  /** Reads the ids already quarantined (once; later calls wait for the same read). */
  load(): Promise<void> {
    this.loading ??= this.store.ids().then((ids) => ids.forEach((id) => this.known.add(id)));
    return this.loading;
  }

  /**
   * Runs `apply` for the record; quarantines the record when it keeps failing for reasons of its
   * own (see the class). Resolves to whether it applied. A record that applies leaves the quarantine.
   */
  async apply(ref: RecordRef, consumer: string, apply: () => unknown): Promise<boolean> {
    await this.load();
    const failed = await this.attempt(ref, consumer, apply);
    if (failed) {
      await this.add(ref, consumer, failed.error);
      return false;
    }
    if (this.known.size > 0) await this.release(quarantineId(consumer, ref));
    return true;
  }

  /**
   * Runs `apply` with the tries of `apply`, for an event not yet in the log (a command group's,
   * whose offset is known once appended): resolves to the failure that makes it the event's own,
   * to be quarantined with `add` once appended; throws failures of the store.
   */
  async attempt(where: Partial<RecordRef>, consumer: string, apply: () => unknown): Promise<{ error: unknown } | undefined> {
    let failure: unknown;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        await apply();
        return undefined;
      } catch (error) {
        if (isTransientError(error)) throw error;
        failure = error;
        if (attempt < this.attempts) await sleep(this.retryDelayMs * 2 ** (attempt - 1));
      }
    }
    try {
      await this.store.ping();
    } catch (unreachable) {
      // The failures may have been the store's own: not a reason to give the event up.
      this.logger.warn(
        { err: unreachable, consumer, ...where, offset: where.offset === undefined ? undefined : String(where.offset) },
        'event failed to apply while the store did not answer; not quarantined',
      );
      throw failure;
    }
    return { error: failure };
  }

  /** Quarantines a record that cannot be applied at all (its envelope does not parse): no retry. */
  async add(ref: RecordRef, consumer: string, error: unknown): Promise<void> {
    await this.load();
    const entry: QuarantinedEvent = {
      _id: quarantineId(consumer, ref),
      consumer,
      topic: ref.topic,
      partition: ref.partition,
      offset: ref.offset.toString(),
      eventType: ref.eventType ?? null,
      eventId: ref.eventId ?? null,
      error: describe(error),
      at: new Date().toISOString(),
    };
    await this.store.put(entry);
    this.known.add(entry._id);
    const { _id, at: _at, ...where } = entry;
    this.logger.error(
      { ...where, err: error, quarantined: this.known.size },
      'event quarantined: it cannot be applied, the service goes on without it',
    );
  }

  private async release(id: string): Promise<void> {
    if (!this.known.has(id)) return;
    await this.store.remove(id);
    this.known.delete(id);
    this.logger.warn({ id, quarantined: this.known.size }, 'quarantined event applied: it leaves the quarantine');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // A zod error lists every issue: enough to see what broke, not a document of its own.
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}
