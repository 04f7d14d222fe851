import { z } from 'zod';
import { UserId } from '../user-fields';

export const PresenceStatus = z.enum(['active', 'idle']);
export type PresenceStatus = z.infer<typeof PresenceStatus>;

/**
 * A user's presence changed in a way Zulip announces: they came online (no ping within the
 * offline threshold before) or switched between active and idle. Pings that change neither are
 * kept in Redis only, so this forever-kept topic does not grow with every ping.
 * `timestamp`: Unix seconds of the ping.
 */
export const PresenceChangedV1 = z.object({
  type: z.literal('presence.changed.v1'),
  data: z.object({ userId: UserId, status: PresenceStatus, timestamp: z.number().int().nonnegative() }),
});
export type PresenceChangedV1 = z.infer<typeof PresenceChangedV1>;
