import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Position } from '@zulip-es/contracts';
import { narrowTokens, type EventNarrow } from './narrow';
import { RedisScript } from './redis-script';
import {
  ALL_PUBLIC_KEY,
  APPEND,
  BODIES_SEQ_KEY,
  CREATE,
  DELETE,
  DELIVERED_KEY,
  eventsKey,
  FAN_OUT,
  HOLDERS_KEY,
  LEGACY_USER_QUEUES_PREFIX,
  LOG_KEY,
  LOG_SEQ_KEY,
  ON_ZULIP,
  queueKey,
  READ,
  SETTLE,
  USER_QUEUES_PREFIX,
  userQueuesKey,
} from './queue-scripts';

/** A client event as queued: Zulip's `{id, type, ...}`. */
export type QueuedEvent = { id: number; type: string } & Record<string, unknown>;

/** An event to queue: its `id` is the queue's to give. */
export type NewClientEvent = { type: string } & Record<string, unknown>;

/** Zulip's `IDLE_EVENT_QUEUE_TIMEOUT_SECS`: a queue nobody read for 10 minutes is gone. */
export const QUEUE_IDLE_MS = 10 * 60 * 1000;
/**
 * The most queues one user holds at once (Zulip has no bound; a client holds one, a user a few
 * per device and browser tab). Every `POST /register` creates one, each kept ten minutes: without
 * a bound, one user's loop of registrations filled Redis. Registering one more drops the queue
 * read longest ago.
 */
export const MAX_QUEUES_PER_USER = 50;

export interface NewQueue {
  userId: number;
  /** Zulip's `event_types`: the only types queued (a heartbeat always is); null for all. */
  eventTypes: readonly string[] | null;
  /** Zulip's `apply_markdown` (default true) and `client_gravatar` (default false): which variant of an event the queue gets. */
  applyMarkdown?: boolean;
  clientGravatar?: boolean;
  /** The `client_capabilities` the client declared true: some events go only to queues with, or without, one. */
  capabilities?: readonly string[];
  /** Zulip's `narrow`: the terms every `message` event queued satisfies (none: all). */
  narrow?: EventNarrow;
  /** Zulip's `all_public_streams`: also the messages of public channels the user is not subscribed to. */
  allPublicStreams?: boolean;
  /**
   * The state sent with the queue is still being read: the queue takes nothing from the log
   * until `settle` tells it which records that state reflects.
   */
  settling?: boolean;
}

/**
 * What a queue's registration options change in the events it gets: message content as
 * Markdown (`apply_markdown` false), and `avatar_url` null for Gravatar avatars (`client_gravatar`).
 */
export type QueueFlavour = 'markdown' | 'client_gravatar' | 'markdown+client_gravatar';

/** A client event for some users: queued to each of their queues. */
export interface Delivery {
  userIds: readonly number[];
  /** As a queue registered with `apply_markdown` and without `client_gravatar` gets it. */
  event: NewClientEvent;
  /** The event for queues of another flavour, where it differs. */
  variants?: Partial<Record<QueueFlavour, NewClientEvent>>;
  /** Only to queues that declared (`present`) or did not declare each of these client capabilities. */
  onlyIf?: readonly CapabilityCondition[];
  /** A message's traits for its readers (`messageTraits`): only to queues whose narrow they satisfy. */
  traits?: readonly string[];
  /**
   * Also to every queue registered with `all_public_streams` that the record's other deliveries
   * did not offer anything (a public channel's message, for those not subscribed).
   */
  allPublicStreams?: boolean;
}

export interface CapabilityCondition {
  capability: string;
  present: boolean;
}

const flavourOf = ({ applyMarkdown = true, clientGravatar = false }: NewQueue): string =>
  [...(applyMarkdown ? [] : ['markdown']), ...(clientGravatar ? ['client_gravatar'] : [])].join('+');

/** Where in a domain-events topic the record a fan-out delivers comes from. */
export interface SourceRecord {
  topic: string;
  partition: number;
  offset: bigint;
}

/** The queue scripts, each with the number of its arguments that are keys. */
const SCRIPTS = {
  CREATE: new RedisScript(CREATE, 5),
  SETTLE: new RedisScript(SETTLE, 1),
  APPEND: new RedisScript(APPEND, 2),
  FAN_OUT: new RedisScript(FAN_OUT, 6),
  ON_ZULIP: new RedisScript(ON_ZULIP, 0),
  READ: new RedisScript(READ, 3),
  DELETE: new RedisScript(DELETE, 5),
};

const deliveredField = (topic: string, partition: number) => `${topic}:${partition}`;

/**
 * Zulip's event queues, in Redis so that any gateway instance serves any queue and a restart
 * loses none. A queue expires once nobody read it for `idleMs`; see `queue-scripts.ts` for the
 * layout: deliveries are logged once, and each queue takes its own from the log when read.
 */
export class EventQueues {
  constructor(
    private readonly redis: Redis,
    private readonly idleMs = QUEUE_IDLE_MS,
    private readonly maxQueuesPerUser = MAX_QUEUES_PER_USER,
  ) {}

  /** A new queue, with no event yet (Zulip's `last_event_id` -1). */
  async create(queue: NewQueue): Promise<string> {
    const { userId, eventTypes } = queue;
    const queueId = randomUUID();
    const types = eventTypes === null ? '' : `,${eventTypes.join(',')},`;
    const narrow = narrowTokens(queue.narrow ?? []);
    const fields = {
      user: String(userId),
      types,
      flavour: flavourOf(queue),
      caps: `,${(queue.capabilities ?? []).join(',')},`,
      last: '-1',
      ...(narrow.length > 0 ? { narrow: narrow.join('\n') } : {}),
      ...(queue.settling ? { settling: '1' } : {}),
      ...(queue.allPublicStreams ? { public: '1' } : {}),
    };
    await SCRIPTS.CREATE.run(
      this.redis,
      queueKey(queueId),
      userQueuesKey(userId),
      HOLDERS_KEY,
      ALL_PUBLIC_KEY,
      LOG_SEQ_KEY,
      queueId,
      String(userId),
      this.idleMs,
      queue.allPublicStreams ? '1' : '',
      this.maxQueuesPerUser,
      ...Object.entries(fields).flat(),
    );
    return queueId;
  }

  /**
   * Ends the settling of a queue created `settling`, given the positions of the domain-events
   * topics its state reflects: the queue never takes the events of records through them.
   */
  async settle(queueId: string, reflects: readonly Position[]): Promise<void> {
    const covers = `,${reflects.map((p) => `${deliveredField(p.topic, p.partition)}=${p.offset}`).join(',')},`;
    await SCRIPTS.SETTLE.run(this.redis, queueKey(queueId), covers);
  }

  /** Queues `events` in order; the last id queued, -1 when the queue takes none of them, null when it is gone. */
  async append(queueId: string, events: readonly NewClientEvent[]): Promise<number | null> {
    const args = events.flatMap((event) => [event.type, JSON.stringify(event)]);
    const last = Number(await SCRIPTS.APPEND.run(this.redis, queueKey(queueId), eventsKey(queueId), ...args));
    return last === -2 ? null : last;
  }

  /**
   * Logs the client events of one domain-events record for the queues of their users, unless
   * that record was delivered already; true when it was logged now. Events need no `{}` body:
   * each has its `type`.
   */
  async fanOut(source: SourceRecord, deliveries: readonly Delivery[]): Promise<boolean> {
    return this.queue([deliveredField(source.topic, source.partition), source.offset.toString()], deliveries);
  }

  /** Logs client events that come from no domain event (typing notifications): nothing to deliver only once. */
  async deliver(deliveries: readonly Delivery[]): Promise<void> {
    if (deliveries.length > 0) await this.queue(['', ''], deliveries);
  }

  private async queue(record: [string, string], deliveries: readonly Delivery[]): Promise<boolean> {
    const args = deliveries.flatMap(({ userIds, event, variants = {}, onlyIf, traits, allPublicStreams }) => {
      const differing = Object.entries(variants);
      const condition = (onlyIf ?? []).map((c) => `${c.present ? '+' : '-'}${c.capability}`).join(' ');
      return [
        String(userIds.length),
        ...userIds.map(String),
        event.type,
        JSON.stringify(event),
        condition,
        traits ? `\n${traits.join('\n')}\n` : '',
        allPublicStreams ? '1' : '',
        String(differing.length),
        ...differing.flatMap(([flavour, e]) => [flavour, JSON.stringify(e)]),
      ];
    });
    const queued = await SCRIPTS.FAN_OUT.run(
      this.redis,
      DELIVERED_KEY,
      HOLDERS_KEY,
      ALL_PUBLIC_KEY,
      BODIES_SEQ_KEY,
      LOG_KEY,
      LOG_SEQ_KEY,
      ...record,
      this.idleMs,
      ...args,
    );
    return Number(queued) === 1;
  }

  /** The offset of the last record delivered from a partition; undefined before the first. */
  async deliveredThrough(topic: string, partition: number): Promise<bigint | undefined> {
    const offset = await this.redis.hget(DELIVERED_KEY, deliveredField(topic, partition));
    return offset === null ? undefined : BigInt(offset);
  }

  /**
   * Marks a partition delivered through `offset` unless something of it was delivered already:
   * a fan-out starting on a partition for the first time queues nothing older than its start.
   */
  async deliverFrom(topic: string, partition: number, offset: bigint): Promise<void> {
    await this.redis.hsetnx(DELIVERED_KEY, deliveredField(topic, partition), offset.toString());
  }

  /**
   * The users among `userIds` who are on Zulip as Zulip counts it for notifications: they hold a
   * live event queue that receives messages (an idle queue expires after 10 minutes).
   */
  async onZulip(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const flags = (await SCRIPTS.ON_ZULIP.run(this.redis, ...userIds.map(String))) as number[];
    return new Set(userIds.filter((_, i) => flags[i] === 1));
  }

  /** The user's queues (those still there). */
  async queuesOf(userId: number): Promise<string[]> {
    return this.redis.zrange(userQueuesKey(userId), 0, -1);
  }

  /**
   * The events of the user's queue after `lastEventId`, those up to it dropped; every event when
   * it is undefined. Null when the queue is gone or not the user's.
   */
  async read(queueId: string, userId: number, lastEventId?: number): Promise<QueuedEvent[] | null> {
    const found = (await SCRIPTS.READ.run(
      this.redis,
      queueKey(queueId),
      eventsKey(queueId),
      userQueuesKey(userId),
      String(userId),
      lastEventId === undefined ? '' : String(lastEventId),
      this.idleMs,
      queueId,
    )) as string[] | null;
    return found === null ? null : found.map((member) => JSON.parse(member) as QueuedEvent);
  }

  /** Removes the user's queue; false when it is gone or not theirs. */
  async delete(queueId: string, userId: number): Promise<boolean> {
    return (
      Number(
        await SCRIPTS.DELETE.run(
          this.redis,
          queueKey(queueId),
          eventsKey(queueId),
          userQueuesKey(userId),
          HOLDERS_KEY,
          ALL_PUBLIC_KEY,
          String(userId),
          queueId,
        ),
      ) === 1
    );
  }

  /** The queues not expired yet, and the users holding them (for the operators' metrics). */
  async counts(): Promise<{ holders: number; queues: number }> {
    const holders = await this.holders();
    if (holders.length === 0) return { holders: 0, queues: 0 };
    const now = String(Date.now());
    const pipeline = this.redis.pipeline();
    for (const userId of holders) pipeline.zcount(userQueuesKey(userId), now, '+inf');
    const live = ((await pipeline.exec()) ?? []).map(([error, n]) => (error ? 0 : Number(n)));
    return { holders: live.filter((n) => n > 0).length, queues: live.reduce((sum, n) => sum + n, 0) };
  }

  /** The users holding a queue (some of whose queues may have expired since). */
  async holders(): Promise<number[]> {
    return (await this.redis.smembers(HOLDERS_KEY)).map(Number);
  }

  /**
   * Lists among the holders every user with a queue, so none misses the organization's events,
   * and drops the queue lists of the release before the shared log, whose queues this one
   * reports gone. Run by the fan-out at start.
   */
  async indexHolders(): Promise<void> {
    await this.eachKey(`${USER_QUEUES_PREFIX}*`, async (keys) => {
      const ids = keys.map((key) => key.slice(USER_QUEUES_PREFIX.length)).filter((id) => /^\d+$/.test(id));
      if (ids.length > 0) await this.redis.sadd(HOLDERS_KEY, ...ids);
    });
    await this.eachKey(`${LEGACY_USER_QUEUES_PREFIX}*`, async (keys) => {
      await this.redis.del(...keys);
    });
  }

  private async eachKey(pattern: string, handle: (keys: string[]) => Promise<void>): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length > 0) await handle(keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
