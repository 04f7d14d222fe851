import type { OperationData, PresenceStatus, updatePresence } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { BOT_REFUSED } from '../../user-status/update-user-status/update-user-status.decide';
import { presenceAggregateId } from '../presence-transition.state';
import { isAnnouncedChange, VALID_STATUSES, type PresenceEntry } from '../presence.rules';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdatePresence = OperationData<typeof updatePresence>;

export interface PresencePingState {
  actor: UserState;
  /** From the user's `presence_enabled` setting: when false the ping is not recorded. */
  presenceEnabled: boolean;
  previous: PresenceEntry | null;
  /** Unix seconds. */
  now: number;
}

/** What to do with a ping: nothing (invisible mode), record it, or record it as an announced change. */
export type PingDecision = { record: false } | { record: true; status: PresenceStatus; announced: boolean };

/** Zulip's `update_active_status_backend`: humans only, a known status, recorded if presence is shared. */
export function decidePing(cmd: UpdatePresence, state: PresencePingState): PingDecision {
  if (state.actor.isBot) throw badRequest(BOT_REFUSED);
  if (!VALID_STATUSES.includes(cmd.status)) throw badRequest(`Invalid status: ${cmd.status}`);
  if (!state.presenceEnabled) return { record: false };
  const status = cmd.status as PresenceStatus;
  return { record: true, status, announced: isAnnouncedChange(state.previous, status, state.now) };
}

/** The event of an announced change; `version`: the user's presence aggregate so far. */
export function presenceChanged(userId: number, status: PresenceStatus, timestamp: number, version: number): UsersNewEvent {
  return {
    type: 'presence.changed.v1',
    aggregateId: presenceAggregateId(userId),
    sequence: version + 1,
    data: { userId, status, timestamp },
  };
}
