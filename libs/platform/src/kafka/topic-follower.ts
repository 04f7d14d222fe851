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
}

/**
 * 512 KiB of each of a topic's 8 partitions, 4 MiB a fetch. On the bench's data, idle services
 * that replay read models measured 99–107 MB of RSS with it, 124–142 MB with 4 MiB each (the
 * performance target is 120), and started as fast.
 */
export const READ_MODEL_FETCH_BYTES = 512 * 1024;
/** For rebuilds and catch-ups, which end. */
export const REBUILD_FETCH_BYTES = 4 * 1024 * 1024;

interface Waiter {
  positions: Position[];
  resolve: () => void;
}

/**
 * Reads topics in offset order and hands each record to `handle`. `start()` resolves once every
 * partition has been read up to its end as it was at start, so a read model built by a follower
 * never answers from a state older than the moment it started. `waitFor` lets a caller wait
 * until given positions have been applied (read-your-writes).
 */
export class TopicFollower {
  private readonly applied = new Map<string, bigint>();
  private readonly targets = new Map<string, bigint>();
  private waiters: Waiter[] = [];
  private consumer?: Consumer;
  private caughtUp?: () => void;

  constructor(
    private readonly kafka: Kafka,
    private readonly options: FollowerOptions,
    private readonly handle: (batch: FollowedMessage[]) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const starts = await this.planTargets();
    const done = new Promise<void>((resolve) => (this.caughtUp = resolve));
    this.checkCaughtUp();
    if (this.options.stopAtEnd && this.targets.size === 0) return;

    const consumer = this.kafka.consumer({
      ...LOW_LATENCY_CONSUMER,
      groupId: `${this.options.name}.${randomUUID()}`,
      maxBytesPerPartition: this.options.maxBytesPerPartition ?? READ_MODEL_FETCH_BYTES,
      // A group of one: no other member waits on its session, and a batch of a rebuild (a flush
      // of thousands of documents on a busy machine) may outlast the services' 6 s.
      sessionTimeout: FOLLOWER_SESSION_MS,
    });
    this.consumer = consumer;
    await consumer.connect();
    for (const topic of this.options.topics) await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch, heartbeat }) => {
        // Nothing is committed: a consumer that lost its session anyway rejoins at the beginning,
        // and skips what it applied already.
        const done = this.applied.get(partitionKey(batch.topic, batch.partition)) ?? -1n;
        const records: FollowedMessage[] = [];
        for (const m of batch.messages) {
          const offset = BigInt(m.offset);
          if (offset <= done || !m.value) continue;
          records.push({ topic: batch.topic, partition: batch.partition, offset, key: m.key?.toString() ?? null, value: m.value, headers: textHeaders(m.headers) });
        }
        if (records.length > 0) await whileBeating(heartbeat, () => this.handle(records));
        const last = batch.messages.at(-1);
        if (last) this.markApplied(batch.topic, batch.partition, BigInt(last.offset));
      },
    });
    for (const [key, offset] of starts) {
      if (offset === 0n) continue;
      const [topic, partition] = splitKey(key);
      consumer.seek({ topic, partition, offset: offset.toString() });
    }
    await done;
    if (this.options.stopAtEnd) await this.stop();
  }

  async stop(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = undefined;
    if (consumer) await consumer.disconnect();
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

  private async planTargets(): Promise<Map<string, bigint>> {
    const starts = new Map<string, bigint>();
    const admin: Admin = this.kafka.admin();
    await admin.connect();
    try {
      for (const topic of this.options.topics) {
        for (const { partition, high } of await admin.fetchTopicOffsets(topic)) {
          const key = partitionKey(topic, partition);
          const start = this.options.startAt?.(topic, partition) ?? 0n;
          starts.set(key, start);
          if (start > 0n) this.applied.set(key, start - 1n);
          if (BigInt(high) > start) this.targets.set(key, BigInt(high) - 1n);
        }
      }
    } finally {
      await admin.disconnect();
    }
    return starts;
  }

  private markApplied(topic: string, partition: number, offset: bigint): void {
    const key = partitionKey(topic, partition);
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
    if (this.targets.size === 0) this.caughtUp?.();
  }

  private reached(positions: Position[]): boolean {
    return positions.every((p) => (this.applied.get(partitionKey(p.topic, p.partition)) ?? -1n) >= BigInt(p.offset));
  }
}

/** Long enough for any batch: the heartbeat below keeps the session anyway, unless the event loop stalls. */
const FOLLOWER_SESSION_MS = 30_000;
const HEARTBEAT_MS = 1_000;

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
