import { z } from 'zod';
import { RoleSchema, UserId } from '../user-fields';

/**
 * An email invitation was created. The invitation key is never published: `keyHash` is the
 * SHA-256 of the key and `keyNonce` yields the key only with the users service's secret.
 */
export const InvitationCreatedV1 = z.object({
  type: z.literal('invitation.created.v1'),
  data: z.object({
    inviteId: z.number().int().positive(),
    invitedByUserId: UserId,
    email: z.string(),
    invitedAs: RoleSchema,
    invitedAt: z.iso.datetime(),
    /** null: never expires. */
    expiresAt: z.iso.datetime().nullable(),
    streamIds: z.array(z.number().int()),
    groupIds: z.array(z.number().int()),
    includeRealmDefaultSubscriptions: z.boolean(),
    notifyReferrerOnJoin: z.boolean(),
    /** null: the organization's default Welcome Bot text. */
    welcomeMessageCustomText: z.string().nullable(),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    keyNonce: z.string().min(16),
  }),
});
export type InvitationCreatedV1 = z.infer<typeof InvitationCreatedV1>;
