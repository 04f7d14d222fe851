import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/** The flags a user sets and clears themselves (Zulip's editable message flags). */
export const EditableFlagSchema = z.enum(['read', 'starred', 'collapsed']);
export type EditableFlagName = z.infer<typeof EditableFlagSchema>;

/**
 * Where an unread message is, for clients keeping unread counts (Zulip's `message_details` of an
 * `update_message_flags` event removing `read`): its channel and topic, or its direct conversation.
 */
export const UnreadMessageDetails = z.union([
  z.object({
    type: z.literal('stream'),
    channelId: z.number().int().positive(),
    topic: z.string(),
    mentioned: z.boolean(),
    /** Neither the channel nor the topic is muted for the user (Zulip's `unmuted_stream_msg`). */
    unmutedStreamMsg: z.boolean(),
  }),
  z.object({ type: z.literal('private'), userIds: z.array(UserId), mentioned: z.boolean() }),
]);
export type UnreadMessageDetails = z.infer<typeof UnreadMessageDetails>;

/**
 * A user added or removed one of their flags on messages (`op`). `messageIds`: exactly the
 * messages whose flag changed, ascending. Removing `read` names, in `details`, where each of them
 * is, so that consumers need no copy of the messages.
 */
export const MessageFlagsUpdatedV1 = z.object({
  type: z.literal('message_flags.updated.v1'),
  data: z.object({
    userId: UserId,
    flag: EditableFlagSchema,
    op: z.enum(['add', 'remove']),
    messageIds: z.array(z.number().int().positive()),
    details: z.record(z.string(), UnreadMessageDetails).optional(),
  }),
});
export type MessageFlagsUpdatedV1 = z.infer<typeof MessageFlagsUpdatedV1>;
