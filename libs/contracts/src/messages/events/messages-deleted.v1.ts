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
     * (removed) as of `lastUpdated` (Unix seconds). `userVersion`: the version of the user's
     * `user_topics:<id>` aggregate whose event set the policy that is reset (a later event of
     * theirs for the topic wins, in whatever order a consumer reads the two partitions).
     */
    visibilityPoliciesReset: z
      .object({
        users: z.array(z.object({ userId: z.number().int().positive(), userVersion: z.number().int().nonnegative() })).min(1),
        lastUpdated: z.number().int().nonnegative(),
      })
      .optional(),
  }),
});
export type MessagesDeletedV1 = z.infer<typeof MessagesDeletedV1>;
