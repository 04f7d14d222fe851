import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { OFFLINE_THRESHOLD_SECONDS, legacyPresence, type PresenceEntry } from '../presence.rules';

export interface UserPresenceQuery {
  /** As the caller named them (Zulip repeats it in "No presence data for …"). */
  named: string;
  /** The user named, if the caller may reach them (an active user of the organization). */
  target: UserState | null;
  /** Whether the caller may see the target's presence (Zulip's presence access limit). */
  visible: boolean;
  /** Whether the target shares their presence. */
  enabled: boolean;
  entry: PresenceEntry | null;
  /** Unix seconds. */
  now: number;
}

/**
 * Zulip's `get_presence_backend`: the target's legacy presence (`website` and `aggregated`)
 * without `client` and `pushable`, `aggregated` turned `offline` once older than the offline
 * threshold; Zulip's refusals in its order.
 */
export function userPresence(q: UserPresenceQuery): { presence: Record<string, { status: string; timestamp: number }> } {
  if (!q.target || !q.target.isActive) throw badRequest('No such user');
  if (q.target.isBot) throw badRequest('Presence is not supported for bot users.');
  if (!q.visible) throw badRequest('Insufficient permission');
  if (!q.entry || !q.enabled) throw badRequest(`No presence data for ${q.named}`);
  const presence: Record<string, { status: string; timestamp: number }> = {};
  for (const [client, { status, timestamp }] of Object.entries(legacyPresence(q.entry, q.target))) {
    presence[client] = { status: status as string, timestamp: timestamp as number };
  }
  if (q.now - presence.aggregated!.timestamp > OFFLINE_THRESHOLD_SECONDS) presence.aggregated!.status = 'offline';
  return { presence };
}
