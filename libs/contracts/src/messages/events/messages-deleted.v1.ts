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
    /**
     * On the batch that completes a topic deletion: the users who had a visibility policy for the
     * topic but no longer have access to the channel; their policy for the topic becomes 0
     * (removed) as of `lastUpdated` (Unix seconds). Applied by the user topics projection.
     */
    visibilityPoliciesReset: z
      .object({
        userIds: z.array(z.number().int().positive()).min(1),
        lastUpdated: z.number().int().nonnegative(),
      })
      .optional(),
  }),
});
export type MessagesDeletedV1 = z.infer<typeof MessagesDeletedV1>;
