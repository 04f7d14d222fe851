import type { LegacyPresence, ModernPresence } from '@zulip-es/contracts';
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

export type PresenceFormat = 'modern' | 'legacy';

/** Zulip's presence answer: each user's presence in the format asked for. */
export type PresenceResponse<F extends PresenceFormat = PresenceFormat> = {
  presences: Record<string, F extends 'modern' ? ModernPresence : LegacyPresence>;
  server_timestamp: number;
  presence_last_update_id: number;
};

export interface PresenceResponseInput<F extends PresenceFormat = PresenceFormat> {
  entries: readonly PresenceEntry[];
  audience: PresenceAudience;
  realm: RealmState;
  query: PresenceQuery;
  /** Modern: keyed by user id; legacy: keyed by Zulip API email (hidden emails stay hidden). */
  format: F;
  /** Unix time in seconds, with a fraction, of the read. */
  serverTimestamp: number;
}

/** Zulip's `get_presence_response`: `{presences, server_timestamp, presence_last_update_id}`. */
export function presenceResponse<F extends PresenceFormat>(input: PresenceResponseInput<F>): PresenceResponse<F> {
  const selected = selectPresences(input.entries, input.audience, input.query);
  const presences: Record<string, ModernPresence | LegacyPresence> = {};
  for (const entry of selected) {
    const user = input.audience.users.get(entry.userId)!;
    if (input.format === 'modern') presences[String(user.userId)] = modernPresence(entry, user);
    else presences[apiEmail(user, input.realm)] = legacyPresence(entry, user);
  }
  return {
    // Each entry was built in the format `F` names.
    presences: presences as PresenceResponse<F>['presences'],
    server_timestamp: input.serverTimestamp,
    presence_last_update_id: lastUpdateIdOf(selected, input.query.lastUpdateId),
  };
}
