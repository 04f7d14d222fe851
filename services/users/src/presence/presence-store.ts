import type { Redis } from 'ioredis';
import { PresenceStatus } from '@zulip-es/contracts';
import type { PresenceEntry } from './presence.rules';

/**
 * Everyone's latest presence in Redis: one hash for the organization (field = user id, value =
 * `activeAt:connectedAt:status:updateId`), so `GET /realm/presence` is one HGETALL, and one
 * counter handing out Zulip's realm-wide `last_update_id`s. Pings arrive far too often for the
 * forever-kept events topic; only announced changes go there (`presence.changed.v1`), and the
 * projector writes those here too, so this state follows from the events plus the latest pings.
 */
const LATEST = 'users:presence:latest';
const LAST_UPDATE_ID = 'users:presence:last_update_id';

/**
 * Records a ping unless a newer one is already there (a replayed event must not move a user
 * back in time). Atomic, so replays and live pings cannot interleave badly.
 */
const RECORD_PING = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
local at = tonumber(ARGV[3])
local activeAt = ''
if current then
  local a, c = string.match(current, '^([^:]*):([^:]*):')
  if tonumber(c) > at then return 0 end
  activeAt = a
end
if ARGV[2] == 'active' then activeAt = ARGV[3] end
local id = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], ARGV[1], activeAt .. ':' .. ARGV[3] .. ':' .. ARGV[2] .. ':' .. id)
return id
`;

export class PresenceStore {
  constructor(private readonly redis: Redis) {}

  async get(userId: number): Promise<PresenceEntry | null> {
    const raw = await this.redis.hget(LATEST, String(userId));
    return raw === null ? null : decode(userId, raw);
  }

  async all(): Promise<PresenceEntry[]> {
    const raw = await this.redis.hgetall(LATEST);
    return Object.entries(raw).flatMap(([userId, value]) => {
      const entry = decode(Number(userId), value);
      return entry ? [entry] : [];
    });
  }

  /** `at`: Unix seconds of the ping. */
  async record(userId: number, status: PresenceStatus, at: number): Promise<void> {
    await this.redis.eval(RECORD_PING, 2, LATEST, LAST_UPDATE_ID, String(userId), status, String(at));
  }
}

function decode(userId: number, raw: string): PresenceEntry | null {
  const [activeAt, connectedAt, status, updateId] = raw.split(':');
  const parsed = PresenceStatus.safeParse(status);
  if (!parsed.success || !connectedAt || !updateId) return null;
  return {
    userId,
    activeAt: activeAt ? Number(activeAt) : null,
    connectedAt: Number(connectedAt),
    status: parsed.data,
    updateId: Number(updateId),
  };
}
