/**
 * The Redis layout of the event queues and the Lua steps that change it, each one atomic.
 *
 * A queue is a hash (its owner, registration options, the id of its last event and its cursor
 * in the shared log) and a sorted set of its events by id, both expiring once nobody read the
 * queue for an idle period. A fan-out writes nothing per queue: it appends each delivery once to
 * the shared log, its bodies and audience in a hash of its own, and publishes the ids of the
 * users whose long-polls it wakes in one message. A queue takes from the log the entries after
 * its cursor that are for it when it is read (or appended to), giving each its next id: a record
 * for 100 users holding 1,000 queues costs one log entry and one message, and a queue nobody
 * polls costs nothing until it is read.
 * Keys are built inside the scripts (from user and queue ids), which a Redis Cluster would not
 * allow: this needs one Redis (or one shard).
 */

export const queueKey = (queueId: string) => `evq:${queueId}`;
export const eventsKey = (queueId: string) => `evq:${queueId}:events`;
/**
 * The queue ids a user registered, each scored by the time it expires unless read (kept with
 * the queue's own expiry): a fan-out tells from it, without a look at each queue, whether the
 * user still holds one.
 */
export const USER_QUEUES_PREFIX = 'evq:uq:';
export const userQueuesKey = (userId: number) => `${USER_QUEUES_PREFIX}${userId}`;
/** The same lists as plain sets, by the release before the shared log: their queues are gone. */
export const LEGACY_USER_QUEUES_PREFIX = 'evq:user:';
/**
 * The ids of the users holding a queue: an event for the whole organization is logged for those
 * of its users, rather than for every user it names, most of whom hold none.
 */
export const HOLDERS_KEY = 'evq:users';
/** The ids of the queues registered with `all_public_streams`. */
export const ALL_PUBLIC_KEY = 'evq:public';
/**
 * Published with the ids of the users (',id,id,') whose queues may have new events: wakes their
 * long-polls, each of which reads its queue to find out.
 */
export const WAKE_CHANNEL = 'evq:wake';
/** Per `topic:partition`, the offset of the last domain-events record whose client events were logged. */
export const DELIVERED_KEY = 'evq:delivered';
/**
 * The shared log: per delivery, by an id from LOG_SEQ_KEY, the entry
 * `deadline|bodies|n|type|conditions|allPublic|flavours|topic:partition=offset`, where `bodies`
 * names the fan-out's hash and `n` the delivery's fields in it: `n:` its body, `n:<flavour>`
 * each variant, `n:u` its audience (`,id,id,`), `n:t` a message's narrow traits; the hash's
 * `reached` holds the users of all the record's deliveries when one is for `all_public_streams`
 * queues. Entries are dropped once their deadline (an idle period after they were logged) passed.
 */
export const LOG_KEY = 'evq:log';
export const LOG_SEQ_KEY = 'evq:logseq';
/** Per fan-out, the hash of the bodies and audiences its log entries refer to. */
const BODIES_PREFIX = 'evq:body:';
/** The counter that names each fan-out's bodies hash. */
export const BODIES_SEQ_KEY = 'evq:bodyseq';

/** Lua: the time on Redis's clock, in ms (the clock every expiry here runs on). */
const NOW = `
local function nowMs()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end`;

/**
 * KEYS: the queue, the user's queues, the holders, the `all_public_streams` queues, the log's
 * counter. ARGV: the queue id, the user id, the idle period in ms, '1' for an `all_public_streams`
 * queue (else ''), the most queues a user may hold, then the hash's fields and values. The cursor
 * is the log's end: the queue takes every entry logged after it, and no earlier one. The user's
 * expired queues are dropped from their list; at the most, the queues read longest ago are
 * deleted to make room (their clients find them gone and register again, as after an expiry).
 */
export const CREATE = `${NOW}
local fields = {}
for i = 6, #ARGV do fields[#fields + 1] = ARGV[i] end
local now = nowMs()
-- The first write: a full Redis refuses it (a script's later writes are not checked).
redis.call('HSET', KEYS[1], 'cursor', redis.call('GET', KEYS[5]) or '0', unpack(fields))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. now)
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[5]) + 1
if excess > 0 then
  for _, old in ipairs(redis.call('ZRANGE', KEYS[2], 0, excess - 1)) do
    redis.call('DEL', 'evq:' .. old, 'evq:' .. old .. ':events')
    redis.call('ZREM', KEYS[2], old)
    redis.call('SREM', KEYS[4], old)
  end
end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
if ARGV[4] == '1' then redis.call('SADD', KEYS[4], ARGV[1]) end`;

/**
 * Lua: whether positions given as ',topic:partition=offset,…' (a queue's 'covers') reach the
 * record `record` ('topic:partition') at `offset`.
 */
const COVERS = `
local function covers(positions, record, offset)
  local _, e = string.find(positions, ',' .. record .. '=', 1, true)
  return e ~= nil and tonumber(offset) <= tonumber(string.match(positions, '^%d+', e + 1))
end`;

/**
 * Lua: `take(key, events)` moves into the queue's events, each with the queue's next id, the
 * log entries after its cursor that are for it, and advances the cursor. An entry is for the
 * queue when its user is in the audience (or, for a public channel's message, when the queue is
 * `all_public_streams` and its user among none of the record's audiences), the queue's
 * capabilities and `event_types` take it, its state (`covers`, see SETTLE) does not reflect the
 * record, and the message satisfies its narrow. The queue holds a reference ('id|bodies|field')
 * to the body of its flavour (see READ). A settling queue takes nothing yet. False when the queue
 * cannot be served: one of a release that kept no cursor, or an entry whose hash Redis evicted
 * short of memory.
 *
 * Safe against the log's trimming: a queue read at t has taken every entry logged before t, and
 * lives until t plus the idle period unless read again; an entry logged after t is kept until
 * its own time plus the idle period, so while the queue lives.
 */
const TAKE = `${COVERS}
-- Whether a message's traits satisfy every term of a queue's narrow (tokens, one per line).
local function within(narrow, traits)
  if traits == '' or not narrow or narrow == '' then return true end
  for token in string.gmatch(narrow, '[^\\n]+') do
    if not string.find(traits, '\\n' .. token .. '\\n', 1, true) then return false end
  end
  return true
end
-- Whether the queue's declared capabilities and event types take the delivery.
local function takes(meta, t, conditions)
  for c in string.gmatch(conditions, '%S+') do
    local declared = string.find(meta[5] or '', ',' .. string.sub(c, 2) .. ',', 1, true) ~= nil
    if declared ~= (string.sub(c, 1, 1) == '+') then return false end
  end
  return meta[3] == '' or string.find(meta[3], ',' .. t .. ',', 1, true) ~= nil
end
local function take(key, events)
  local meta = redis.call('HMGET', key, 'cursor', 'user', 'types', 'flavour', 'caps', 'covers', 'narrow', 'public', 'settling')
  if meta[9] then return true end
  if not meta[1] then return false end
  local entries = redis.call('ZRANGEBYSCORE', '${LOG_KEY}', '(' .. meta[1], '+inf', 'WITHSCORES')
  if #entries == 0 then return true end
  local me, flavour, taken = ',' .. meta[2] .. ',', meta[4] or '', false
  for e = 1, #entries, 2 do
    local seq, n, t, conditions, ap, flavours, record, offset = string.match(entries[e], '^%d+|(%d+)|(%d+)|([^|]*)|([^|]*)|([^|]*)|([^|]*)|(.*)=(%d*)$')
    local bodies = '${BODIES_PREFIX}' .. seq
    local audience = redis.call('HGET', bodies, n .. ':u')
    if not audience then return false end
    local mine = string.find(audience, me, 1, true) ~= nil
    if not mine and ap == '1' and meta[8] then
      mine = not string.find(redis.call('HGET', bodies, 'reached') or '', me, 1, true)
    end
    if mine and takes(meta, t, conditions) and not (record ~= '' and meta[6] and covers(meta[6], record, offset))
      and (not meta[7] or within(meta[7], redis.call('HGET', bodies, n .. ':t') or '')) then
      local id = redis.call('HINCRBY', key, 'last', 1)
      local variant = flavour ~= '' and string.find(flavours, ',' .. flavour .. ',', 1, true) and flavour or ''
      redis.call('ZADD', events, id, id .. '|' .. seq .. '|' .. n .. ':' .. variant)
      taken = true
    end
  end
  redis.call('HSET', key, 'cursor', entries[#entries])
  if taken then redis.call('PEXPIRE', events, math.max(redis.call('PTTL', key), 1)) end
  return true
end`;

/**
 * Queues events given as (type, JSON starting with `{`) pairs, each with the queue's next id
 * spliced in, after what the queue has to take from the log: ids follow the order things
 * happened. Types outside the queue's `event_types` are skipped (a heartbeat never is). The
 * events expire with the queue. Answers the last id queued, -1 when none was, or -2 when the
 * queue is gone.
 */
export const APPEND = `${TAKE}
local user = redis.call('HGET', KEYS[1], 'user')
if not user then return -2 end
if not take(KEYS[1], KEYS[2]) then
  redis.call('DEL', KEYS[1], KEYS[2])
  return -2
end
local types = redis.call('HGET', KEYS[1], 'types')
local last = -1
for i = 1, #ARGV, 2 do
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
  redis.call('PUBLISH', '${WAKE_CHANNEL}', ',' .. user .. ',')
end
return last`;

/**
 * The caller's queue's events after `last_event_id`, dropping those up to it (acknowledged), once
 * it took what is for it from the log, and the queue kept another idle period. False when the
 * queue is gone, cannot be served (see TAKE) or is not the caller's.
 *
 * An event taken from the log is a reference ('id|bodies|field') to its body, stored once for
 * every queue: the body is spliced in here, and its hash kept as long as the queue, since every
 * event not acknowledged yet is returned (so refreshed) by each read. A body missing all the
 * same (evicted by a Redis short of memory) makes the queue gone: the client registers a new one
 * and reloads its state, as Zulip's clients do for a queue a server lost.
 */
export const READ = `${TAKE}${NOW}
if redis.call('HGET', KEYS[1], 'user') ~= ARGV[1] then return false end
if not take(KEYS[1], KEYS[2]) then
  redis.call('DEL', KEYS[1], KEYS[2])
  return false
end
if ARGV[2] ~= '' then redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[3], nowMs() + tonumber(ARGV[3]), ARGV[4])
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
 * Logs a record's deliveries and marks the record delivered, in one step: a record already
 * marked (read again after a crash, or by a second fan-out instance) changes nothing, and a
 * queue is either created before the step and takes the entries, or after it and finds the
 * record among those delivered. Then wakes, in one message, the users of the deliveries (and,
 * for a public channel's message, those holding `all_public_streams` queues). A delivery's
 * audience is the users it names who hold a queue; one for nobody is not logged. A user whose
 * queues all expired is forgotten as a holder.
 *
 * KEYS: delivered, holders, `all_public_streams` queues, the bodies counter, the log, its
 * counter. ARGV: the record's `topic:partition` and its offset ('' and '' for client events that
 * come from no record, such as typing), the idle period in ms, then per delivery: the number of
 * users, their ids, the event type, its JSON, the capability conditions ('+name' or '-name',
 * space-separated; '' for none), the message's narrow traits ('\n'-framed; '' for an event no
 * narrow filters), '1' when it also goes to the `all_public_streams` queues (else ''), the number
 * of variants and each variant's flavour and JSON.
 */
export const FAN_OUT = `${NOW}
if ARGV[1] ~= '' then
  local done = redis.call('HGET', KEYS[1], ARGV[1])
  if done and tonumber(done) >= tonumber(ARGV[2]) then return 0 end
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
if #ARGV < 4 then return 1 end
local holders = redis.call('SCARD', KEYS[2])
local holderIds
-- The users a delivery names who may hold a queue: all of them, or, when it names more users
-- than hold queues, the holders among them.
local function named(first, n)
  local users = {}
  if n <= holders then
    for u = first, first + n - 1 do users[#users + 1] = ARGV[u] end
    return users
  end
  holderIds = holderIds or redis.call('SMEMBERS', KEYS[2])
  local names = {}
  for u = first, first + n - 1 do names[ARGV[u]] = true end
  for _, uid in ipairs(holderIds) do if names[uid] then users[#users + 1] = uid end end
  return users
end
local now = nowMs()
-- Per user looked up, whether they hold a live queue.
local holds = {}
local function holding(uid)
  if holds[uid] == nil then
    local key = '${USER_QUEUES_PREFIX}' .. uid
    local expired = redis.call('ZREMRANGEBYSCORE', key, '-inf', '(' .. now)
    holds[uid] = redis.call('ZCARD', key) > 0
    if expired > 0 and not holds[uid] then redis.call('SREM', KEYS[2], uid) end
  end
  return holds[uid]
end
for _ = 1, 1000 do
  local head = redis.call('ZRANGE', KEYS[5], 0, 0)
  if not head[1] or tonumber(string.match(head[1], '^%d+')) > now then break end
  redis.call('ZREMRANGEBYRANK', KEYS[5], 0, 0)
end
local bodies = redis.call('INCR', KEYS[4])
local bodiesKey = '${BODIES_PREFIX}' .. bodies
local prefix = (now + tonumber(ARGV[3])) .. '|' .. bodies .. '|'
local suffix = '|' .. ARGV[1] .. '=' .. ARGV[2]
local toAllPublic = false
local i = 4
while i <= #ARGV do
  local n = tonumber(ARGV[i])
  local users = {}
  for _, uid in ipairs(named(i + 1, n)) do
    if holding(uid) then users[#users + 1] = uid end
  end
  local t, conditions, traits, ap, nv = ARGV[i + n + 1], ARGV[i + n + 3], ARGV[i + n + 4], ARGV[i + n + 5], tonumber(ARGV[i + n + 6])
  if #users > 0 or ap == '1' then
    local fields = { i .. ':', string.sub(ARGV[i + n + 2], 2), i .. ':u', ',' .. table.concat(users, ',') .. ',' }
    if traits ~= '' then
      fields[#fields + 1] = i .. ':t'
      fields[#fields + 1] = traits
    end
    local flavours = ','
    for v = i + n + 7, i + n + 6 + 2 * nv, 2 do
      fields[#fields + 1] = i .. ':' .. ARGV[v]
      fields[#fields + 1] = string.sub(ARGV[v + 1], 2)
      flavours = flavours .. ARGV[v] .. ','
    end
    redis.call('HSET', bodiesKey, unpack(fields))
    redis.call('ZADD', KEYS[5], redis.call('INCR', KEYS[6]), prefix .. i .. '|' .. t .. '|' .. conditions .. '|' .. ap .. '|' .. flavours .. suffix)
  end
  if ap == '1' then toAllPublic = true end
  i = i + n + 7 + 2 * nv
end
redis.call('PEXPIRE', bodiesKey, ARGV[3])
local woken = {}
for uid, held in pairs(holds) do
  if held then woken[#woken + 1] = uid end
end
if toAllPublic then
  redis.call('HSET', bodiesKey, 'reached', ',' .. table.concat(woken, ',') .. ',')
  -- Not the readers: their queues take the message with their own flags, or not by choice.
  for _, q in ipairs(redis.call('SMEMBERS', KEYS[3])) do
    local uid = redis.call('HGET', 'evq:' .. q, 'user')
    if not uid then
      redis.call('SREM', KEYS[3], q)
    elseif not holds[uid] then
      holds[uid] = true
      woken[#woken + 1] = uid
    end
  end
end
if #woken > 0 then redis.call('PUBLISH', '${WAKE_CHANNEL}', ',' .. table.concat(woken, ',') .. ',') end
return 1`;

/**
 * Ends a queue's settling once its state is read, given the positions that state reflects
 * (ARGV[1], ',topic:partition=offset,…'), kept as the queue's 'covers': from then on the queue
 * takes from the log no entry of a record they reach.
 */
export const SETTLE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[1], 'settling')
redis.call('HSET', KEYS[1], 'covers', ARGV[1])
return 1`;

/** Per user id: 1 when one of the user's queues is alive and takes `message` events (Zulip's client that `accepts_messages`). */
export const ON_ZULIP = `${NOW}
local now = nowMs()
local out = {}
for i, uid in ipairs(ARGV) do
  out[i] = 0
  for _, q in ipairs(redis.call('ZRANGEBYSCORE', '${USER_QUEUES_PREFIX}' .. uid, now, '+inf')) do
    local types = redis.call('HGET', 'evq:' .. q, 'types')
    if types and (types == '' or string.find(types, ',message,', 1, true)) then
      out[i] = 1
      break
    end
  end
end
return out`;

export const DELETE = `
if redis.call('HGET', KEYS[1], 'user') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[2])
redis.call('SREM', KEYS[5], ARGV[2])
if redis.call('ZCARD', KEYS[3]) == 0 then redis.call('SREM', KEYS[4], ARGV[1]) end
return 1`;
