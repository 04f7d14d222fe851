import { z } from 'zod';
import { UserId } from '../user-fields';

export const ReactionType = z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']);
export type ReactionType = z.infer<typeof ReactionType>;

/**
 * A user's status changed (E8). Only what the request set is present, as in Zulip's
 * `user_status` event: `statusText` ('' clears it), the emoji triple together (an empty
 * `emojiName` clears the emoji), `away` only from the self endpoint.
 */
export const UserStatusChangedV1 = z.object({
  type: z.literal('user_status.changed.v1'),
  data: z.object({
    userId: UserId,
    statusText: z.string().optional(),
    away: z.boolean().optional(),
    emojiName: z.string().optional(),
    emojiCode: z.string().optional(),
    reactionType: ReactionType.optional(),
  }),
});
export type UserStatusChangedV1 = z.infer<typeof UserStatusChangedV1>;
