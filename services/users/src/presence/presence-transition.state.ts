import type { PresenceChangedV1, PresenceStatus } from '@zulip-es/contracts';

/**
 * The last announced presence change of one user, aggregate `presence:<id>` (written under the
 * user's own key). It gives `presence.changed.v1` its sequence and keeps the durable part of
 * presence rebuildable; the latest pings themselves live in Redis.
 */
export interface PresenceTransitionState {
  userId: number;
  status: PresenceStatus;
  timestamp: number;
  version: number;
}

export const presenceAggregateId = (userId: number): string => `presence:${userId}`;

export const evolvePresenceTransition = (event: PresenceChangedV1, sequence: number): PresenceTransitionState => ({
  ...event.data,
  version: sequence,
});
