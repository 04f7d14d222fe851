import type { RealmState } from '../domain/realm.state';
import { apiEmail } from '@zulip-es/zulip-rules';
import {
  lastUpdateIdOf,
  legacyPresence,
  modernPresence,
  selectPresences,
  type PresenceAudience,
  type PresenceEntry,
  type PresenceQuery,
} from './presence.rules';

export interface PresenceResponseInput {
  entries: readonly PresenceEntry[];
  audience: PresenceAudience;
  realm: RealmState;
  query: PresenceQuery;
  /** Modern: keyed by user id; legacy: keyed by Zulip API email (hidden emails stay hidden). */
  format: 'modern' | 'legacy';
  /** Unix time in seconds, with a fraction, of the read. */
  serverTimestamp: number;
}

/** Zulip's `get_presence_response`: `{presences, server_timestamp, presence_last_update_id}`. */
export function presenceResponse(input: PresenceResponseInput): Record<string, unknown> {
  const selected = selectPresences(input.entries, input.audience, input.query);
  const presences: Record<string, unknown> = {};
  for (const entry of selected) {
    const user = input.audience.users.get(entry.userId)!;
    if (input.format === 'modern') presences[String(user.userId)] = modernPresence(entry, user);
    else presences[apiEmail(user, input.realm)] = legacyPresence(entry, user);
  }
  return {
    presences,
    server_timestamp: input.serverTimestamp,
    presence_last_update_id: lastUpdateIdOf(selected, input.query.lastUpdateId),
  };
}
