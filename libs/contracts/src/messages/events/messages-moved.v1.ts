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
 * the move by `planPolicyMove`; 0 removes a policy). Each carries `userVersion`: the version of
 * the user's `user_topics:<id>` aggregate the decider knew (the highest of that user's entries in
 * both topics' policy index), i.e. the move comes after that event of the user and before the
 * next. The projection applies a change once the user's own events reach that version, and not
 * over a later event of the user for the same topic, whichever partition a consumer reads first.
 * Events stored before the field existed read as 0 (the move placed before all of the user's events).
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
      z.object({
        userId: UserId,
        channelId: z.number().int().positive(),
        topicName: z.string(),
        visibilityPolicy: VisibilityPolicySchema,
        lastUpdated: z.number().int(),
        userVersion: z.number().int().nonnegative().default(0),
      }),
    ),
  }),
});
export type MessagesMovedV1 = z.infer<typeof MessagesMovedV1>;
