import { z } from 'zod';
import { RoleSchema, UserId } from '../user-fields';

/**
 * The invited person created their account (`user.created.v1` of `userId` comes just before).
 * The messages service subscribes the user to `streamIds` (plus the organization's default
 * channels when `includeRealmDefaultSubscriptions`), sends the Welcome Bot message and, when
 * `notifyReferrerOnJoin`, tells `referrerId` that the user joined; groups add `groupIds`.
 * `linkId` is present when the invitation was asked for through a reusable link
 * (`invitation.requested.v1`): `referrerId` is then the link's creator, never notified.
 */
export const InvitationAcceptedV1 = z.object({
  type: z.literal('invitation.accepted.v1'),
  data: z.object({
    inviteId: z.number().int().positive(),
    userId: UserId,
    email: z.string(),
    invitedAs: RoleSchema,
    referrerId: UserId,
    streamIds: z.array(z.number().int()),
    includeRealmDefaultSubscriptions: z.boolean(),
    groupIds: z.array(z.number().int()),
    notifyReferrerOnJoin: z.boolean(),
    welcomeMessageCustomText: z.string().nullable(),
    linkId: z.number().int().positive().optional(),
  }),
});
export type InvitationAcceptedV1 = z.infer<typeof InvitationAcceptedV1>;
