import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { VisibilityPolicySchema } from '../user-topic-policy';

const TopicLocation = z.object({ channelId: z.number().int().positive(), topic: z.string() });

/**
 * Channel messages of one topic moved to another topic and/or channel (Zulip's topic and channel
 * moves, resolving and unresolving). `messageIds` (sorted) are the moved ones, `messageId` the one
 * the request named. `resolved`: `'resolved'` / `'unresolved'` when the move only added or removed
 * the `✔ ` prefix (such moves do not count as moves for `last_moved_timestamp`), else null.
 * `policyChanges` are the users' topic visibility policies that follow the topic (decided with
 * the move by `planPolicyMove`; 0 removes a policy): the projection applies them as they are.
 * `withContentEdit`: the request also edited the target's content (`message.content_edited.v1`
 * just before), so its edit-history entry records both.
 */
export const MessagesMovedV1 = z.object({
  type: z.literal('messages.moved.v1'),
  data: z.object({
    messageId: z.number().int().positive(),
    messageIds: z.array(z.number().int().positive()).min(1),
    editorId: UserId,
    from: TopicLocation,
    to: TopicLocation,
    propagateMode: z.enum(['change_one', 'change_later', 'change_all']),
    resolved: z.enum(['resolved', 'unresolved']).nullable(),
    movedAt: z.iso.datetime(),
    /** True when the same request edited the target's content (one edit-history entry for both). */
    withContentEdit: z.boolean(),
    policyChanges: z.array(
      z.object({ userId: UserId, channelId: z.number().int().positive(), topicName: z.string(), visibilityPolicy: VisibilityPolicySchema, lastUpdated: z.number().int() }),
    ),
  }),
});
export type MessagesMovedV1 = z.infer<typeof MessagesMovedV1>;
