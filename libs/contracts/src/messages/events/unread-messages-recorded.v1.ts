import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * The messages a user received up to `throughMessageId` are now accounted for: those of them
 * they have not read (`messageIds`, ascending) are recorded as unread, beside those recorded
 * before. Messages received after `throughMessageId` are unread until a later event records
 * them: nothing is written per recipient when a message is sent.
 */
export const UnreadMessagesRecordedV1 = z.object({
  type: z.literal('unread_messages.recorded.v1'),
  data: z.object({
    userId: UserId,
    throughMessageId: z.number().int().min(0),
    messageIds: z.array(z.number().int().positive()),
  }),
});
export type UnreadMessagesRecordedV1 = z.infer<typeof UnreadMessagesRecordedV1>;
