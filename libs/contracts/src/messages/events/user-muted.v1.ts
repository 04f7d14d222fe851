import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * A user muted another (`mutedUserId`): messages the muted user sends from `fromMessageId` on
 * reach them read, and those unread before were marked read beside this event. `mutedAt`: ISO time
 * (Zulip's `timestamp`). Aggregate `muted_users:<userId>`.
 */
export const UserMutedV1 = z.object({
  type: z.literal('user.muted.v1'),
  data: z.object({
    userId: UserId,
    mutedUserId: UserId,
    mutedAt: z.iso.datetime(),
    fromMessageId: z.number().int().positive(),
  }),
});
export type UserMutedV1 = z.infer<typeof UserMutedV1>;

/** A user unmuted another: messages from `fromMessageId` on reach them as any other's. */
export const UserUnmutedV1 = z.object({
  type: z.literal('user.unmuted.v1'),
  data: z.object({
    userId: UserId,
    mutedUserId: UserId,
    fromMessageId: z.number().int().positive(),
  }),
});
export type UserUnmutedV1 = z.infer<typeof UserUnmutedV1>;
