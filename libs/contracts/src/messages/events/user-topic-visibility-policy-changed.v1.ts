import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { VisibilityPolicySchema } from '../user-topic-policy';

/**
 * A user's visibility policy for one topic of a channel changed (0: removed). `topicName` is the
 * topic as the user named it (`""` is the "general chat" topic); topics match case-insensitively,
 * so a policy kept for `Dinner` is the one changed by `dinner`. `lastUpdated`: Unix seconds.
 */
export const UserTopicVisibilityPolicyChangedV1 = z.object({
  type: z.literal('user_topic.visibility_policy_changed.v1'),
  data: z.object({
    userId: UserId,
    channelId: z.number().int().positive(),
    topicName: z.string(),
    visibilityPolicy: VisibilityPolicySchema,
    lastUpdated: z.number().int(),
  }),
});
export type UserTopicVisibilityPolicyChangedV1 = z.infer<typeof UserTopicVisibilityPolicyChangedV1>;
