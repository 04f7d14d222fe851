import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Position } from '@zulip-es/contracts';
import { narrowTokens, type EventNarrow } from './narrow';

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
   * The state sent with the queue is still being read: the queue keeps the record each event
   * comes from until `settle` drops those the state reflects.
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

const queueKey = (queueId: string) => `evq:${queueId}`;
const eventsKey = (queueId: string) => `evq:${queueId}:events`;
/** While a queue settles: per event id, the `topic:partition=offset` of the record it comes from. */
const sourcesKey = (queueId: string) => `evq:${queueId}:sources`;
/** The queue ids a user registered: where a fan-out finds the queues of the users who see an event. */
const USER_QUEUES_PREFIX = 'evq:user:';
const userQueuesKey = (userId: number) => `${USER_QUEUES_PREFIX}${userId}`;
/**
 * The ids of the users holding a queue: an event for the whole organization is queued by going
 * through them rather than through every user it names, most of whom hold none.
 */
const HOLDERS_KEY = 'evq:users';
/** The ids of the queues registered with `all_public_streams`. */
const ALL_PUBLIC_KEY = 'evq:public';
/** Published with the id of the last event queued: wakes the long-polls waiting on the queue. */
export const queueWakeChannel = (queueId: string) => `evq:wake:${queueId}`;
/** Per `topic:partition`, the offset of the last domain-events record whose client events were queued. */
const DELIVERED_KEY = 'evq:delivered';
const deliveredField = (topic: string, partition: number) => `${topic}:${partition}`;

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

/** Per fan-out, the hash of the event bodies its queues refer to (see FAN_OUT). */
const BODIES_PREFIX = 'evq:body:';
/** The counter that names each fan-out's bodies hash. */
const BODIES_SEQ_KEY = 'evq:bodyseq';

/**
 * The caller's queue's events after `last_event_id`, dropping those up to it (acknowledged), and
 * the queue kept another idle period. False when the queue is gone or not the caller's.
 *
 * An event a fan-out queued is held as a reference ('id|seq|field') to its body, stored once for
 * every queue that got it: the body is spliced in here, and its hash kept as long as the queue,
 * since every event not acknowledged yet is returned (so refreshed) by each read. A body missing
 * all the same (evicted by a Redis short of memory) makes the queue gone: the client registers a
 * new one and reloads its state, as Zulip's clients do for a queue a server lost.
 */
const READ = `
if redis.call('HGET', KEYS[1], 'user') ~= ARGV[1] then return false end
if ARGV[2] ~= '' then redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
local events = redis.call('ZRANGEBYSCORE', KEYS[2], ARGV[2] == '' and '-inf' or '(' .. ARGV[2], '+inf')
local kept = {}
for i, member in ipairs(events) do
  if string.byte(member, 1) ~= 123 then
    local id, seq, field = string.match(member, '^(%d+)|(%d+)|(.*)$')
    local bodies = '${BODIES_PREFIX}' .. seq
    local tail = redis.call('HGET', bodies, field)
    if not tail then
      redis.call('DEL', KEYS[1], KEYS[2])
      return false
    end
    if not kept[seq] then
      redis.call('PEXPIRE', bodies, ARGV[3])
      kept[seq] = true
    end
    events[i] = '{"id":' .. id .. ',' .. tail
  end
end
return events`;

/**
 * Lua: whether positions given as ',topic:partition=offset,…' (a queue's 'covers') reach the
 * record `record` ('topic:partition') at `offset`. Shared by FAN_OUT and SETTLE.
 */
const COVERS = `
local function covers(positions, record, offset)
  local _, e = string.find(positions, ',' .. record .. '=', 1, true)
  return e ~= nil and tonumber(offset) <= tonumber(string.match(positions, '^%d+', e + 1))
end`;

/**
 * Queues a record's deliveries to every queue of their users, and marks the record delivered, in
 * one step: a record already marked (read again after a crash, or by a second fan-out instance)
 * changes nothing, and a queue is either created before the step and gets the events, or after
 * it and finds the record among those delivered. Each body (a delivery in one flavour) is stored
 * once, in a hash of the fan-out's own that lives an idle period, and each queue gets a reference
 * to it (see READ): a message to 1,000 queues is one copy of its JSON in Redis, not 1,000, and
 * the step copies no more than a short reference per queue. ARGV: the record's `topic:partition`
 * and its offset ('' and '' for client events that come from no record, such as typing), the
 * idle period in ms, then per
 * delivery: the number of users, their ids, the event type, its JSON, the capability conditions
 * ('+name' or '-name', space-separated; '' for none), the message's narrow traits ('\n'-framed;
 * '' for an event no narrow filters), '1' when it also goes to the `all_public_streams` queues
 * (else ''), the number of variants and each variant's flavour and JSON. Keys are built here from
 * the queue ids each user's set holds, which a Redis Cluster would not allow: this needs one
 * Redis (or one shard).
 */
const FAN_OUT = `${COVERS}
if ARGV[1] ~= '' then
  local done = redis.call('HGET', KEYS[1], ARGV[1])
  if done and tonumber(done) >= tonumber(ARGV[2]) then return 0 end
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
local holders = redis.call('SCARD', KEYS[2])
local holderIds
-- The users of a delivery who may hold a queue: those it names, or, when it names more users
-- than hold queues, the holders it names.
local function audience(first, n)
  local users = {}
  if n <= holders then
    for u = first, first + n - 1 do users[#users + 1] = ARGV[u] end
    return users
  end
  holderIds = holderIds or redis.call('SMEMBERS', KEYS[2])
  local named = {}
  for u = first, first + n - 1 do named[ARGV[u]] = true end
  for _, uid in ipairs(holderIds) do if named[uid] then users[#users + 1] = uid end end
  return users
end
-- Whether the queue's state reflects this record already (its 'covers' field, see SETTLE).
local function covered(positions)
  return positions ~= false and ARGV[1] ~= '' and covers(positions, ARGV[1], ARGV[2])
end
-- Whether a message's traits satisfy every term of a queue's narrow (tokens, one per line).
local function within(narrow, traits)
  if traits == '' or not narrow or narrow == '' then return true end
  for token in string.gmatch(narrow, '[^\\n]+') do
    if not string.find(traits, '\\n' .. token .. '\\n', 1, true) then return false end
  end
  return true
end
local woken, reached = {}, {}
local bodies, stored
-- The reference to delivery d's body for a queue of that flavour, the body stored on first use.
local function bodyRef(d, flavour)
  if not d.variants[flavour] then flavour = '' end
  local field = d.n .. ':' .. flavour
  if not bodies then
    bodies = redis.call('INCR', KEYS[4])
    stored = {}
  end
  if not stored[field] then
    redis.call('HSET', '${BODIES_PREFIX}' .. bodies, field, string.sub(d.variants[flavour] or d.body, 2))
    stored[field] = true
  end
  return bodies .. '|' .. field
end
-- Queues the delivery to queue q if the queue takes it; false when the queue has expired.
local function offer(q, d)
  local key = 'evq:' .. q
  local meta = redis.call('HMGET', key, 'types', 'flavour', 'caps', 'settling', 'covers', 'narrow')
  if not meta[1] then return false end
  for c in string.gmatch(d.cond, '%S+') do
    local declared = string.find(meta[3] or '', ',' .. string.sub(c, 2) .. ',', 1, true) ~= nil
    if declared ~= (string.sub(c, 1, 1) == '+') then return true end
  end
  if meta[1] ~= '' and not string.find(meta[1], ',' .. d.t .. ',', 1, true) then return true end
  if covered(meta[5]) or not within(meta[6], d.traits) then return true end
  local last = redis.call('HINCRBY', key, 'last', 1)
  local ttl = math.max(redis.call('PTTL', key), 1)
  redis.call('ZADD', key .. ':events', last, last .. '|' .. bodyRef(d, meta[2] or ''))
  redis.call('PEXPIRE', key .. ':events', ttl)
  if meta[4] and ARGV[1] ~= '' then
    redis.call('HSET', key .. ':sources', last, ARGV[1] .. '=' .. ARGV[2])
    redis.call('PEXPIRE', key .. ':sources', ttl)
  end
  woken[q] = last
  return true
end
local toAllPublic = {}
local i = 4
while i <= #ARGV do
  local n = tonumber(ARGV[i])
  local d = { n = i, t = ARGV[i + n + 1], body = ARGV[i + n + 2], cond = ARGV[i + n + 3], traits = ARGV[i + n + 4], variants = {} }
  local nv = tonumber(ARGV[i + n + 6])
  for v = i + n + 7, i + n + 6 + 2 * nv, 2 do d.variants[ARGV[v]] = ARGV[v + 1] end
  if ARGV[i + n + 5] == '1' then toAllPublic[#toAllPublic + 1] = d end
  for _, uid in ipairs(audience(i + 1, n)) do
    local userKey = 'evq:user:' .. uid
    for _, q in ipairs(redis.call('SMEMBERS', userKey)) do
      reached[q] = true
      if not offer(q, d) then
        -- Expired: forgotten here, and the user with it once they hold no queue.
        redis.call('SREM', userKey, q)
        if redis.call('SCARD', userKey) == 0 then redis.call('SREM', KEYS[2], uid) end
      end
    end
  end
  i = i + n + 7 + 2 * nv
end
if #toAllPublic > 0 then
  local watchers = redis.call('SMEMBERS', KEYS[3])
  for _, d in ipairs(toAllPublic) do
    for _, q in ipairs(watchers) do
      -- Not to the readers' queues: they had the message with their own flags, or not by choice.
      if not reached[q] and not offer(q, d) then redis.call('SREM', KEYS[3], q) end
    end
  end
end
if bodies then redis.call('PEXPIRE', '${BODIES_PREFIX}' .. bodies, ARGV[3]) end
for q, last in pairs(woken) do redis.call('PUBLISH', 'evq:wake:' .. q, last) end
return 1`;

/**
 * Ends a queue's settling once its state is read: drops the events queued meanwhile from records
 * the state reflects, and keeps those positions (ARGV[1], ',topic:partition=offset,…') as the
 * queue's 'covers', so a record the state reflects but not fanned out yet is not queued either.
 */
const SETTLE = `${COVERS}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local sources = redis.call('HGETALL', KEYS[3])
for i = 1, #sources, 2 do
  local record, offset = string.match(sources[i + 1], '^(.*)=(%d+)$')
  if covers(ARGV[1], record, offset) then redis.call('ZREMRANGEBYSCORE', KEYS[2], sources[i], sources[i]) end
end
redis.call('DEL', KEYS[3])
redis.call('HDEL', KEYS[1], 'settling')
redis.call('HSET', KEYS[1], 'covers', ARGV[1])
return 1`;

/** Per user id: 1 when one of the user's queues is alive and takes `message` events (Zulip's client that `accepts_messages`). */
const ON_ZULIP = `
local out = {}
for i, uid in ipairs(ARGV) do
  out[i] = 0
  for _, q in ipairs(redis.call('SMEMBERS', 'evq:user:' .. uid)) do
    local types = redis.call('HGET', 'evq:' .. q, 'types')
    if types and (types == '' or string.find(types, ',message,', 1, true)) then
      out[i] = 1
      break
    end
  end
end
return out`;

const DELETE = `
if redis.call('HGET', KEYS[1], 'user') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[1] .. ':sources')
redis.call('SREM', KEYS[3], ARGV[2])
redis.call('SREM', KEYS[5], ARGV[2])
if redis.call('SCARD', KEYS[3]) == 0 then redis.call('SREM', KEYS[4], ARGV[1]) end
return 1`;

/** Drops the user's expired queues from their list, and the user from the holders once none is left. */
const FORGET_EXPIRED = `
for _, q in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', 'evq:' .. q) == 0 then redis.call('SREM', KEYS[1], q) end
end
if redis.call('SCARD', KEYS[1]) == 0 then redis.call('SREM', KEYS[2], ARGV[1]) end`;

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
  async create(queue: NewQueue): Promise<string> {
    const { userId, eventTypes } = queue;
    const queueId = randomUUID();
    const types = eventTypes === null ? '' : `,${eventTypes.join(',')},`;
    const narrow = narrowTokens(queue.narrow ?? []);
    const multi = this.redis
      .multi()
      .hset(queueKey(queueId), {
        user: String(userId),
        types,
        flavour: flavourOf(queue),
        caps: `,${(queue.capabilities ?? []).join(',')},`,
        last: '-1',
        ...(narrow.length > 0 ? { narrow: narrow.join('\n') } : {}),
        ...(queue.settling ? { settling: '1' } : {}),
      })
      .pexpire(queueKey(queueId), this.idleMs)
      .sadd(userQueuesKey(userId), queueId)
      .sadd(HOLDERS_KEY, String(userId));
    if (queue.allPublicStreams) multi.sadd(ALL_PUBLIC_KEY, queueId);
    await multi.exec();
    await this.forgetExpired(userId);
    return queueId;
  }

  /**
   * Ends the settling of a queue created `settling`, given the positions of the domain-events
   * topics its state reflects: the events from records through them are dropped, or never queued.
   */
  async settle(queueId: string, reflects: readonly Position[]): Promise<void> {
    const covers = `,${reflects.map((p) => `${deliveredField(p.topic, p.partition)}=${p.offset}`).join(',')},`;
    await this.redis.eval(SETTLE, 3, queueKey(queueId), eventsKey(queueId), sourcesKey(queueId), covers);
  }

  /** Queues `events` in order; the last id queued, -1 when the queue takes none of them, null when it is gone. */
  async append(queueId: string, events: readonly NewClientEvent[]): Promise<number | null> {
    const args = events.flatMap((event) => [event.type, JSON.stringify(event)]);
    const last = Number(await this.redis.eval(APPEND, 2, queueKey(queueId), eventsKey(queueId), ...args, queueWakeChannel(queueId)));
    return last === -2 ? null : last;
  }

  /**
   * Queues the client events of one domain-events record, unless that record was delivered
   * already; true when it was queued now. Events need no `{}` body: each has its `type`.
   */
  async fanOut(source: SourceRecord, deliveries: readonly Delivery[]): Promise<boolean> {
    return this.queue([deliveredField(source.topic, source.partition), source.offset.toString()], deliveries);
  }

  /** Queues client events that come from no domain event (typing notifications): nothing to deliver only once. */
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
    const queued = await this.redis.eval(FAN_OUT, 4, DELIVERED_KEY, HOLDERS_KEY, ALL_PUBLIC_KEY, BODIES_SEQ_KEY, ...record, this.idleMs, ...args);
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
    const flags = (await this.redis.eval(ON_ZULIP, 0, ...userIds.map(String))) as number[];
    return new Set(userIds.filter((_, i) => flags[i] === 1));
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
    return Number(await this.redis.eval(DELETE, 5, queueKey(queueId), eventsKey(queueId), userQueuesKey(userId), HOLDERS_KEY, ALL_PUBLIC_KEY, String(userId), queueId)) === 1;
  }

  /** The users holding a queue (some of whose queues may have expired since). */
  async holders(): Promise<number[]> {
    return (await this.redis.smembers(HOLDERS_KEY)).map(Number);
  }

  /**
   * Lists among the holders every user with a queue: queues created by a release that did not
   * keep that list would otherwise miss the organization's events. Run by the fan-out at start.
   */
  async indexHolders(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${USER_QUEUES_PREFIX}*`, 'COUNT', 1000);
      const ids = keys.map((key) => key.slice(USER_QUEUES_PREFIX.length)).filter((id) => /^\d+$/.test(id));
      if (ids.length > 0) await this.redis.sadd(HOLDERS_KEY, ...ids);
      cursor = next;
    } while (cursor !== '0');
  }

  private async forgetExpired(userId: number): Promise<void> {
    await this.redis.eval(FORGET_EXPIRED, 2, userQueuesKey(userId), HOLDERS_KEY, String(userId));
  }
}
