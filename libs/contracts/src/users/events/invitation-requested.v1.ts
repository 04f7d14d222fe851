import { z } from 'zod';
import { RoleSchema, UserId } from '../user-fields';

/**
 * Someone holding reusable link `linkId` asked to join as `email`: a one-time invitation to that
 * address, with the link's role, channels, groups and welcome text as they are now (Zulip's
 * PreregistrationUser made from a MultiuseInvite), mailed to the address. It is accepted like
 * any invitation, but it was sent by nobody: `referrerId`, the link's creator, is not notified
 * and does not manage it, and it is not listed by GET /invites. Aggregate `invite:<inviteId>`,
 * in the series of email invitations' ids.
 */
export const InvitationRequestedV1 = z.object({
  type: z.literal('invitation.requested.v1'),
  data: z.object({
    inviteId: z.number().int().positive(),
    linkId: z.number().int().positive(),
    referrerId: UserId,
    email: z.string(),
    invitedAs: RoleSchema,
    invitedAt: z.iso.datetime(),
    /** A day after `invitedAt`: Zulip's validity for a registration link. */
    expiresAt: z.iso.datetime(),
    streamIds: z.array(z.number().int()),
    groupIds: z.array(z.number().int()),
    includeRealmDefaultSubscriptions: z.boolean(),
    welcomeMessageCustomText: z.string().nullable(),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    keyNonce: z.string().min(16),
  }),
});
export type InvitationRequestedV1 = z.infer<typeof InvitationRequestedV1>;
