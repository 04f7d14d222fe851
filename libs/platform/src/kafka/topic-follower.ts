import type { Admin, Consumer, IHeaders, Kafka } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import type { Position } from '@zulip-es/contracts';
import type { Logger } from '../logging/logger';
import { LOW_LATENCY_CONSUMER } from './kafka-client';
import { partitionKey } from './offsets';

export interface FollowedMessage {
  topic: string;
  partition: number;
  offset: bigint;
  key: string | null;
  value: Buffer;
  /** Kafka headers, as text. */
  headers?: Record<string, string>;
}

export interface FollowerOptions {
  /** Names the consumer group (a fresh one per start: followers keep no committed offsets). */
  name: string;
  topics: string[];
  /** The next offset to read in a partition; the beginning when undefined. */
  startAt?: (topic: string, partition: number) => bigint | undefined;
  /** Read up to the end as it was at start, then stop (catch-up and rebuild). */
  stopAtEnd?: boolean;
  /**
   * The most a fetch takes of each partition (default READ_MODEL_FETCH_BYTES). A replay at start
   * fetches full batches of every partition at once, and a process keeps the memory of its
   * largest fetch: a read model that lives as long as its process takes little at a time; a
   * rebuild, gone when done, takes more for speed.
   */
  maxBytesPerPartition?: number;
  /** How often the follower compares what it applied with its topics' end offsets (default CHECK_EVERY_MS). */
  checkEveryMs?: number;
  /** How long it may stay behind without applying anything before it counts as stale (default STALL_MS). */
  stallMs?: number;
}

/**
 * 512 KiB of each of a topic's 8 partitions, 4 MiB a fetch. On the bench's data, idle services
 * that replay read models measured 99–107 MB of RSS with it, 124–142 MB with 4 MiB each (the
 * performance target is 120), and started as fast.
 */
export const READ_MODEL_FETCH_BYTES = 512 * 1024;
/** For rebuilds and catch-ups, which end. */
export const REBUILD_FETCH_BYTES = 4 * 1024 * 1024;
/** One ListOffsets per topic each time: a few requests every few seconds per process. */
export const CHECK_EVERY_MS = 5_000;
/**
 * Longer than a consumer's own recovery (kafkajs restarts a consumer after a retriable crash and
 * rejoins its group within a few seconds), shorter than anyone would accept a stale copy.
 */
export const STALL_MS = 15_000;

interface Waiter {
  positions: Position[];
  resolve: () => void;
}

/**
 * Reads topics in offset order and hands each record to `handle`. `start()` resolves once every
 * partition has been read up to its end as it was when the consumer was really consuming, so a
 * read model built by a follower never answers from a state older than the moment it started.
 * `waitFor` lets a caller wait until given positions have been applied (read-your-writes).
 *
 * End offsets read once, before consuming, are not trusted alone: they are read again after the
 * consumer's first fetch, and both must be reached. Until then, a read that fails (a broker that
 * has just started answers "not the leader" for a while) is tried again rather than failing the
 * start.
 *
 * A follower never falls silently behind. Every `checkEveryMs` it compares what it applied with
 * the topics' end offsets; behind, with nothing applied for `stallMs` (a consumer that stopped
 * fetching, never got its partitions, or keeps failing to join its group), or at once when
 * kafkajs reports its consumer crashed for good (a non-retriable error: kafkajs then neither
 * restarts it nor says so to anyone but its log), the follower is stale: it logs an error,
 * `stale` names the reason (health answers report it), and its consumer is replaced by a new one
 * that resumes after what was applied. It is no longer stale once it applies again or has
 * nothing left to read.
 */
export class TopicFollower {
  private readonly applied = new Map<string, bigint>();
  private readonly targets = new Map<string, bigint>();
  /** Per partition, where reading begins (from `startAt`). */
  private readonly starts = new Map<string, bigint>();
  private waiters: Waiter[] = [];
  private consumer?: Consumer;
  /** Counts consumers: the callbacks of a replaced one are ignored. */
  private generation = 0;
  private caughtUp?: () => void;
  /** Whether end offsets were read again since the consumer fetched. */
  private confirmed = false;
  private confirming = false;
  private admin?: Admin;
  private stopped = false;
  private watchdog?: NodeJS.Timeout;
  private checking = false;
  private replacing?: Promise<void>;
  /** When the batch being handled began (handling is progress however long it takes). */
  private handlingSince?: number;
  /** What was applied at the last check that saw progress, and when. */
  private progress = { mark: '', at: Date.now() };
  private staleReason?: string;

  constructor(
    private readonly kafka: Kafka,
    private readonly options: FollowerOptions,
    private readonly handle: (batch: FollowedMessage[]) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  get name(): string {
    return this.options.name;
  }

  /** Why the follower does not follow its topics right now; undefined while it does. */
  get stale(): string | undefined {
    return this.staleReason;
  }

  async start(): Promise<void> {
    await this.planTargets();
    if (this.options.stopAtEnd && this.targets.size === 0) {
      await this.stop();
      return;
    }
    const done = new Promise<void>((resolve) => (this.caughtUp = resolve));
    await this.runConsumer();
    this.watchdog = setInterval(() => void this.check(), this.options.checkEveryMs ?? CHECK_EVERY_MS);
    this.watchdog.unref();
    await done;
    if (this.options.stopAtEnd) await this.stop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watchdog);
    this.generation++;
    const consumer = this.consumer;
    this.consumer = undefined;
    await this.replacing;
    if (consumer) await consumer.disconnect();
    await this.admin?.disconnect().catch(() => undefined);
    this.admin = undefined;
  }

  /** Resolves when every position has been applied, or after `timeoutMs` (the caller goes on). */
  waitFor(positions: Position[], timeoutMs: number): Promise<boolean> {
    const mine = positions.filter((p) => this.options.topics.includes(p.topic));
    if (this.reached(mine)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        this.logger.warn({ positions: mine, follower: this.options.name }, 'read model behind after wait');
        resolve(false);
      }, timeoutMs);
      const waiter: Waiter = {
        positions: mine,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /**
   * The last offset applied in each partition read so far, as positions: a caller may hand them
   * to another reader of the same topics to ask for a state at least this new.
   */
  appliedPositions(): Position[] {
    return [...this.applied].map(([key, offset]) => {
      const [topic, partition] = splitKey(key);
      return { topic, partition, offset: offset.toString() };
    });
  }

  private async planTargets(): Promise<void> {
    for (const [key, end] of await this.readEndsPatiently()) {
      const [topic, partition] = splitKey(key);
      const start = this.options.startAt?.(topic, partition) ?? 0n;
      this.starts.set(key, start);
      if (start > 0n) this.applied.set(key, start - 1n);
      if (end > start) this.targets.set(key, end - 1n);
    }
  }

  /** The end offsets, read again until they can be: right after a broker starts, they cannot for a while. */
  private async readEndsPatiently(): Promise<Map<string, bigint>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.endOffsets();
      } catch (error) {
        if (this.stopped) throw error;
        this.logger.warn(
          { err: error, follower: this.options.name, attempt },
          'end offsets of its topics not readable yet; reading them again',
        );
        await sleep(Math.min(5_000, 100 * 2 ** attempt));
      }
    }
  }

  /** Per partition (`partitionKey`), the offset after its last record. */
  private async endOffsets(): Promise<Map<string, bigint>> {
    this.admin ??= this.kafka.admin();
    await this.admin.connect();
    const ends = new Map<string, bigint>();
    for (const topic of this.options.topics) {
      for (const { partition, high } of await this.admin.fetchTopicOffsets(topic)) ends.set(partitionKey(topic, partition), BigInt(high));
    }
    return ends;
  }

  /** A new consumer (a group of its own), reading each partition after what was applied. */
  private async runConsumer(): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.confirmed = false;
    const consumer = this.kafka.consumer({
      ...LOW_LATENCY_CONSUMER,
      groupId: `${this.options.name}.${randomUUID()}`,
      maxBytesPerPartition: this.options.maxBytesPerPartition ?? READ_MODEL_FETCH_BYTES,
      // A group of one: no other member waits on its session, and a batch of a rebuild (a flush
      // of thousands of documents on a busy machine) may outlast the services' 6 s.
      sessionTimeout: FOLLOWER_SESSION_MS,
    });
    this.consumer = consumer;
    // At every join, the first and those after kafkajs restarted the consumer itself (which
    // would otherwise read again from the first record, nothing being committed).
    consumer.on(consumer.events.GROUP_JOIN, () => {
      if (current()) this.seekAfterApplied(consumer);
    });
    consumer.on(consumer.events.FETCH, () => {
      if (current() && !this.confirmed) void this.confirmTargets();
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (current() && !payload.restart) void this.replace(`its consumer crashed and was not restarted: ${payload.error.message}`);
    });
    await consumer.connect();
    for (const topic of this.options.topics) await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch, heartbeat }) => {
        if (!current()) return;
        // Nothing is committed: a consumer that lost its session anyway rejoins at the beginning,
        // and skips what it applied already.
        const done = this.applied.get(partitionKey(batch.topic, batch.partition)) ?? -1n;
        const records: FollowedMessage[] = [];
        for (const m of batch.messages) {
          const offset = BigInt(m.offset);
          if (offset <= done || !m.value) continue;
          records.push({
            topic: batch.topic,
            partition: batch.partition,
            offset,
            key: m.key?.toString() ?? null,
            value: m.value,
            headers: textHeaders(m.headers),
          });
        }
        if (records.length > 0) {
          this.handlingSince = Date.now();
          try {
            await whileBeating(heartbeat, () => this.handle(records));
          } finally {
            this.handlingSince = undefined;
          }
        }
        const last = batch.messages.at(-1);
        if (last && current()) this.markApplied(batch.topic, batch.partition, BigInt(last.offset));
      },
    });
  }

  private seekAfterApplied(consumer: Consumer): void {
    for (const [key, start] of this.starts) {
      const applied = this.applied.get(key);
      const next = applied === undefined ? start : applied + 1n;
      if (next === 0n) continue;
      const [topic, partition] = splitKey(key);
      consumer.seek({ topic, partition, offset: next.toString() });
    }
  }

  /** Once the consumer fetches, the end offsets as they are now must be reached too. */
  private async confirmTargets(): Promise<void> {
    if (this.confirming) return;
    this.confirming = true;
    try {
      for (const [key, end] of await this.endOffsets()) {
        if (end - 1n > (this.applied.get(key) ?? -1n) && end - 1n > (this.targets.get(key) ?? -1n)) this.targets.set(key, end - 1n);
      }
      this.confirmed = true;
      this.checkCaughtUp();
    } catch (error) {
      // The next fetch reads them again.
      this.logger.debug({ err: error, follower: this.options.name }, 'end offsets not read again yet');
    } finally {
      this.confirming = false;
    }
  }

  private markApplied(topic: string, partition: number, offset: bigint): void {
    const key = partitionKey(topic, partition);
    // Never lowered: a consumer restarted from the first record reads again what was applied.
    if (offset <= (this.applied.get(key) ?? -1n)) return;
    this.applied.set(key, offset);
    const target = this.targets.get(key);
    if (target !== undefined && offset >= target) this.targets.delete(key);
    this.checkCaughtUp();
    if (this.waiters.length === 0) return;
    const ready = this.waiters.filter((w) => this.reached(w.positions));
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  }

  private checkCaughtUp(): void {
    if (this.confirmed && this.targets.size === 0) this.caughtUp?.();
  }

  /** The liveness check (see the class). */
  private async check(): Promise<void> {
    if (this.checking || this.stopped || this.replacing) return;
    this.checking = true;
    try {
      const mark = [...this.applied.values()].reduce((sum, offset) => sum + offset, 0n).toString();
      if (this.handlingSince !== undefined || mark !== this.progress.mark) {
        this.progress = { mark, at: Date.now() };
        return this.following();
      }
      let ends: Map<string, bigint>;
      try {
        ends = await this.endOffsets();
      } catch (error) {
        // Kafka itself does not answer: nothing to tell about this follower (it cannot read either).
        if (!this.stopped) this.logger.warn({ err: error, follower: this.options.name }, 'liveness check: end offsets not readable');
        return;
      }
      if (this.stopped) return;
      const behind = [...ends]
        .filter(([key, end]) => end - 1n > (this.applied.get(key) ?? (this.starts.get(key) ?? 0n) - 1n))
        .map(([key]) => key);
      if (behind.length === 0) {
        this.progress = { mark, at: Date.now() };
        return this.following();
      }
      const idleMs = Date.now() - this.progress.at;
      if (idleMs >= (this.options.stallMs ?? STALL_MS))
        await this.replace(`behind in ${behind.join(', ')} with nothing applied for ${Math.round(idleMs / 1000)} s`);
    } finally {
      this.checking = false;
    }
  }

  private following(): void {
    if (this.staleReason === undefined) return;
    this.staleReason = undefined;
    this.logger.warn({ follower: this.options.name }, 'read model follows its topics again');
  }

  /** Reports the follower stale and replaces its consumer with one that resumes after what was applied. */
  private replace(reason: string): Promise<void> {
    this.replacing ??= (async () => {
      this.staleReason = reason;
      this.logger.error(
        { follower: this.options.name, reason, applied: this.appliedPositions() },
        'read model stopped following its topics: stale until its new consumer reads them',
      );
      const old = this.consumer;
      this.generation++;
      this.consumer = undefined;
      await withTimeout(old?.disconnect(), DISCONNECT_WAIT_MS).catch(() => undefined);
      if (this.stopped) return;
      await this.runConsumer();
      this.progress = { ...this.progress, at: Date.now() };
    })()
      .catch((error: unknown) =>
        this.logger.error({ err: error, follower: this.options.name }, 'could not replace the consumer; trying again at the next check'),
      )
      .finally(() => (this.replacing = undefined));
    return this.replacing;
  }

  private reached(positions: Position[]): boolean {
    return positions.every((p) => (this.applied.get(partitionKey(p.topic, p.partition)) ?? -1n) >= BigInt(p.offset));
  }
}

/** Long enough for any batch: the heartbeat below keeps the session anyway, unless the event loop stalls. */
const FOLLOWER_SESSION_MS = 30_000;
const HEARTBEAT_MS = 1_000;
/** A replaced consumer that does not disconnect within this is left behind (its callbacks are ignored). */
const DISCONNECT_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout(work: Promise<void> | undefined, ms: number): Promise<void> {
  if (!work) return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Runs `work`, telling the group coordinator every second that the consumer is alive. */
async function whileBeating<T>(heartbeat: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

function splitKey(key: string): [string, number] {
  const at = key.lastIndexOf(':');
  return [key.slice(0, at), Number(key.slice(at + 1))];
}

function textHeaders(headers: IHeaders | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) text[name] = first.toString();
  }
  return text;
}
