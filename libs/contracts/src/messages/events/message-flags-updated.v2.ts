import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { EditableFlagSchema } from './message-flags-updated.v1';

const MessageIds = z.array(z.number().int().positive());

/**
 * Where some of the messages marked unread are (Zulip's `message_details`, grouped): a topic of a
 * channel, or a direct conversation, with the ids of the messages there. `mentionedIds`: those of
 * them that mention the user, left out when none do.
 */
export const UnreadPlace = z.union([
  z.object({
    type: z.literal('stream'),
    channelId: z.number().int().positive(),
    topic: z.string(),
    /** Neither the channel nor the topic is muted for the user (Zulip's `unmuted_stream_msg`). */
    unmutedStreamMsg: z.boolean(),
    messageIds: MessageIds,
    mentionedIds: MessageIds.optional(),
  }),
  z.object({ type: z.literal('private'), userIds: z.array(UserId), messageIds: MessageIds, mentionedIds: MessageIds.optional() }),
]);
export type UnreadPlace = z.infer<typeof UnreadPlace>;

/**
 * A user added or removed one of their flags on messages (`op`). `messageIds`: exactly the
 * messages whose flag changed, ascending. Removing `read` names, in `places`, where they are,
 * grouped by topic and conversation, so that consumers need no copy of the messages. Replaces
 * v1, whose per-message details made 10,000 messages marked unread too large for one append.
 */
export const MessageFlagsUpdatedV2 = z.object({
  type: z.literal('message_flags.updated.v2'),
  data: z.object({
    userId: UserId,
    flag: EditableFlagSchema,
    op: z.enum(['add', 'remove']),
    messageIds: MessageIds,
    places: z.array(UnreadPlace).optional(),
  }),
});
export type MessageFlagsUpdatedV2 = z.infer<typeof MessageFlagsUpdatedV2>;
