import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A client event as queued: Zulip's `{id, type, ...}`. */
export type QueuedEvent = { id: number; type: string } & Record<string, unknown>;

/** An event to queue: its `id` is the queue's to give. */
export type NewClientEvent = { type: string } & Record<string, unknown>;

/** Zulip's `IDLE_EVENT_QUEUE_TIMEOUT_SECS`: a queue nobody read for 10 minutes is gone. */
export const QUEUE_IDLE_MS = 10 * 60 * 1000;

export interface NewQueue {
  userId: number;
  /** Zulip's `event_types`: the only types queued (a heartbeat always is); null for all. */
  eventTypes: readonly string[] | null;
}

const queueKey = (queueId: string) => `evq:${queueId}`;
const eventsKey = (queueId: string) => `evq:${queueId}:events`;
/** The queue ids a user registered: where a fan-out finds the queues of the users who see an event. */
const userQueuesKey = (userId: number) => `evq:user:${userId}`;
/** Published with the id of the last event queued: wakes the long-polls waiting on the queue. */
export const queueWakeChannel = (queueId: string) => `evq:wake:${queueId}`;

/**
 * Queues events given as (type, JSON starting with `{`) pairs, each with the queue's next id
 * spliced in, in one step: a reader never sees an id before the ids under it. Types outside the
 * queue's `event_types` are skipped (a heartbeat never is). The events expire with the queue.
 * Answers the last id queued, -1 when none was, or -2 when the queue is gone.
 */
const APPEND = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -2 end
local types = redis.call('HGET', KEYS[1], 'types')
local last = -1
for i = 1, #ARGV - 1, 2 do
  local t = ARGV[i]
  if t == 'heartbeat' or types == '' or string.find(types, ',' .. t .. ',', 1, true) then
    last = redis.call('HINCRBY', KEYS[1], 'last', 1)
    local body = ARGV[i + 1]
    local member = '{"id":' .. last .. (body == '{}' and '}' or ',' .. string.sub(body, 2))
    redis.call('ZADD', KEYS[2], last, member)
  end
end
if last >= 0 then
  redis.call('PEXPIRE', KEYS[2], math.max(redis.call('PTTL', KEYS[1]), 1))
  redis.call('PUBLISH', ARGV[#ARGV], last)
end
return last`;

/**
 * The caller's queue's events after `last_event_id`, dropping those up to it (acknowledged), and
 * the queue kept another idle period. False when the queue is gone or not the caller's.
 */
const READ = `
if redis.call('HGET', KEYS[1], 'user') ~= ARGV[1] then return false end
if ARGV[2] ~= '' then redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return redis.call('ZRANGEBYSCORE', KEYS[2], ARGV[2] == '' and '-inf' or '(' .. ARGV[2], '+inf')`;

const DELETE = `
if redis.call('HGET', KEYS[1], 'user') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('SREM', KEYS[3], ARGV[2])
return 1`;

/**
 * Zulip's event queues, in Redis so that any gateway instance serves any queue and a restart
 * loses none: a queue is its owner and `event_types` (a hash) and its events by id (a sorted
 * set), both expiring once nobody read the queue for `idleMs`.
 */
export class EventQueues {
  constructor(
    private readonly redis: Redis,
    private readonly idleMs = QUEUE_IDLE_MS,
  ) {}

  /** A new queue, with no event yet (Zulip's `last_event_id` -1). */
  async create({ userId, eventTypes }: NewQueue): Promise<string> {
    const queueId = randomUUID();
    const types = eventTypes === null ? '' : `,${eventTypes.join(',')},`;
    await this.redis
      .multi()
      .hset(queueKey(queueId), { user: String(userId), types, last: '-1' })
      .pexpire(queueKey(queueId), this.idleMs)
      .sadd(userQueuesKey(userId), queueId)
      .exec();
    await this.forgetExpired(userId);
    return queueId;
  }

  /** Queues `events` in order; the last id queued, -1 when the queue takes none of them, null when it is gone. */
  async append(queueId: string, events: readonly NewClientEvent[]): Promise<number | null> {
    const args = events.flatMap((event) => [event.type, JSON.stringify(event)]);
    const last = Number(await this.redis.eval(APPEND, 2, queueKey(queueId), eventsKey(queueId), ...args, queueWakeChannel(queueId)));
    return last === -2 ? null : last;
  }

  /** The user's queues (those still there). */
  async queuesOf(userId: number): Promise<string[]> {
    return this.redis.smembers(userQueuesKey(userId));
  }

  /**
   * The events of the user's queue after `lastEventId`, those up to it dropped; every event when
   * it is undefined. Null when the queue is gone or not the user's.
   */
  async read(queueId: string, userId: number, lastEventId?: number): Promise<QueuedEvent[] | null> {
    const found = (await this.redis.eval(READ, 2, queueKey(queueId), eventsKey(queueId), String(userId), lastEventId === undefined ? '' : String(lastEventId), this.idleMs)) as string[] | null;
    return found === null ? null : found.map((member) => JSON.parse(member) as QueuedEvent);
  }

  /** Removes the user's queue; false when it is gone or not theirs. */
  async delete(queueId: string, userId: number): Promise<boolean> {
    return Number(await this.redis.eval(DELETE, 3, queueKey(queueId), eventsKey(queueId), userQueuesKey(userId), String(userId), queueId)) === 1;
  }

  /** Drops from the user's list the queues that expired. */
  private async forgetExpired(userId: number): Promise<void> {
    const ids = await this.redis.smembers(userQueuesKey(userId));
    if (ids.length === 0) return;
    const alive = (await this.redis.pipeline(ids.map((id) => ['exists', queueKey(id)])).exec()) ?? [];
    const gone = ids.filter((_, i) => alive[i]?.[1] === 0);
    if (gone.length > 0) await this.redis.srem(userQueuesKey(userId), ...gone);
  }
}
