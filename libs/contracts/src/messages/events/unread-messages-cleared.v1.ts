import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/** A user marked every message they received through `throughMessageId` as read (Zulip's "mark all as read"). */
export const UnreadMessagesClearedV1 = z.object({
  type: z.literal('unread_messages.cleared.v1'),
  data: z.object({
    userId: UserId,
    throughMessageId: z.number().int().min(0),
  }),
});
export type UnreadMessagesClearedV1 = z.infer<typeof UnreadMessagesClearedV1>;
