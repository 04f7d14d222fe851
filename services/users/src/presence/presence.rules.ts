import type { LegacyPresence, ModernPresence, PresenceStatus } from '@zulip-es/contracts';
import type { UserState } from '../domain/user.state';

/**
 * Zulip's `PRESENCE_PING_INTERVAL_SECS`: how often clients ping (`POST /users/me/presence`). The
 * offline threshold below is two of these and some slack, so one lost ping keeps a user online.
 */
export const PRESENCE_PING_INTERVAL_SECONDS = 60;
/** Zulip's `OFFLINE_THRESHOLD_SECS`: a user with no ping for longer is offline. */
export const OFFLINE_THRESHOLD_SECONDS = 140;
/** Zulip's `PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS`: the legacy format's active window. */
export const LEGACY_ACTIVITY_OFFSET_SECONDS = 70;
/** How far back presence is returned unless the client asks otherwise. */
export const DEFAULT_HISTORY_DAYS = 14;
const DAY_SECONDS = 24 * 3600;

/** One user's latest presence, as kept in Redis. Times are Unix seconds. */
export interface PresenceEntry {
  userId: number;
  /** The last `active` ping, or null if there was none. */
  activeAt: number | null;
  /** The last ping of any status. */
  connectedAt: number;
  /** The status of the last ping. */
  status: PresenceStatus;
  /** Realm-wide increasing id of the last update, for the `last_update_id` protocol. */
  updateId: number;
}

export const VALID_STATUSES: readonly string[] = ['active', 'idle'] satisfies PresenceStatus[];

/**
 * Whether a ping is a change Zulip announces, so one that `presence.changed.v1` records: the
 * user comes online (no earlier ping, or none within the offline threshold), or switches between
 * active and idle. A user whose clients keep reporting the same status produces no event.
 */
export function isAnnouncedChange(previous: PresenceEntry | null, status: PresenceStatus, now: number): boolean {
  if (!previous) return true;
  if (now - previous.connectedAt > OFFLINE_THRESHOLD_SECONDS) return true;
  return previous.status !== status;
}

/** The entry after a ping (what the presence store writes, computed alike in memory). */
export function afterPing(previous: PresenceEntry | null, userId: number, status: PresenceStatus, now: number): PresenceEntry {
  return {
    userId,
    activeAt: status === 'active' ? now : (previous?.activeAt ?? null),
    connectedAt: now,
    status,
    updateId: previous?.updateId ?? 0,
  };
}

export interface PresenceQuery {
  now: number;
  /** The client's `last_update_id`: only newer updates are returned. */
  lastUpdateId?: number;
  historyLimitDays?: number;
}

/** Who appears: active humans sharing their presence whom the viewer may see. */
export interface PresenceAudience {
  users: ReadonlyMap<number, UserState>;
  presenceEnabled: (user: UserState) => boolean;
  visible: (user: UserState) => boolean;
}

/**
 * Zulip's `get_presence_dict_by_realm`: newer than `last_update_id` when given; within the
 * history window unless the client already holds presence data (`last_update_id` > 0).
 */
export function selectPresences(entries: readonly PresenceEntry[], audience: PresenceAudience, query: PresenceQuery): PresenceEntry[] {
  const since = query.now - (query.historyLimitDays ?? DEFAULT_HISTORY_DAYS) * DAY_SECONDS;
  const windowed = query.lastUpdateId === undefined || query.lastUpdateId <= 0;
  return entries.filter((entry) => {
    const user = audience.users.get(entry.userId);
    if (!user || !user.isActive || user.isBot || !audience.presenceEnabled(user) || !audience.visible(user)) return false;
    if (query.lastUpdateId !== undefined && entry.updateId <= query.lastUpdateId) return false;
    return !windowed || entry.connectedAt >= since;
  });
}

/** `presence_last_update_id`: the newest update returned, else what the client sent, else -1. */
export function lastUpdateIdOf(selected: readonly PresenceEntry[], clientLastUpdateId: number | undefined): number {
  // Not Math.max(...): a spread of more than about 126,000 entries overflows the stack.
  if (selected.length > 0) return selected.reduce((newest, entry) => Math.max(newest, entry.updateId), -Infinity);
  return clientLastUpdateId ?? -1;
}

/** A user who never reported `active` counts as last active when they joined (Zulip's default). */
const activeAtOf = (entry: PresenceEntry, user: UserState): number => entry.activeAt ?? Math.floor(Date.parse(user.dateJoined) / 1000);

/** The modern format: `{active_timestamp, idle_timestamp}`. */
export function modernPresence(entry: PresenceEntry, user: UserState): ModernPresence {
  return { active_timestamp: activeAtOf(entry, user), idle_timestamp: entry.connectedAt };
}

/**
 * The legacy format (Zulip's `get_legacy_user_presence_info`): one `website` client and the
 * same data `aggregated`; active when the last active ping is recent relative to the last ping.
 */
export function legacyPresence(entry: PresenceEntry, user: UserState): LegacyPresence {
  const activeAt = activeAtOf(entry, user);
  const active = activeAt + LEGACY_ACTIVITY_OFFSET_SECONDS >= entry.connectedAt;
  const status = active ? 'active' : 'idle';
  const timestamp = active ? activeAt : entry.connectedAt;
  return {
    website: { client: 'website', status, timestamp, pushable: false },
    aggregated: { client: 'website', status, timestamp },
  };
}
