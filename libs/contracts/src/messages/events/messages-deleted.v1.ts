import { z } from 'zod';
import { MessageConversation } from '../message-recipient';

/** These messages, all of one conversation, were deleted (sorted ids). */
export const MessagesDeletedV1 = z.object({
  type: z.literal('messages.deleted.v1'),
  data: z.object({
    messageIds: z.array(z.number().int().positive()).min(1),
    conversation: MessageConversation,
    /**
     * Present when the deletion changed the channel's oldest message (Zulip's `first_message_id`
     * stream update): the new oldest id, null when the channel has none left.
     */
    channelFirstMessageId: z.number().int().positive().nullable().optional(),
  }),
});
export type MessagesDeletedV1 = z.infer<typeof MessagesDeletedV1>;
