import { z } from 'zod';
import { RoleSchema, UserId } from '../user-fields';

/**
 * A reusable invitation link (Zulip's multi-use invite) was created; it lets any number of people
 * ask to join until it expires or is revoked. Like an invitation's, its key is never published:
 * `keyHash` is the SHA-256 of the key and `keyNonce` yields the key only with the users
 * service's secret. Aggregate `invite_link:<linkId>`; link ids are their own series, apart from
 * email invitations' ids.
 */
export const InvitationLinkCreatedV1 = z.object({
  type: z.literal('invitation_link.created.v1'),
  data: z.object({
    linkId: z.number().int().positive(),
    invitedByUserId: UserId,
    invitedAs: RoleSchema,
    createdAt: z.iso.datetime(),
    /** null: never expires. */
    expiresAt: z.iso.datetime().nullable(),
    streamIds: z.array(z.number().int()),
    groupIds: z.array(z.number().int()),
    includeRealmDefaultSubscriptions: z.boolean(),
    /** null: the organization's default Welcome Bot text. */
    welcomeMessageCustomText: z.string().nullable(),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    keyNonce: z.string().min(16),
  }),
});
export type InvitationLinkCreatedV1 = z.infer<typeof InvitationLinkCreatedV1>;
