import { z } from 'zod';

/** The invitation can no longer be accepted: revoked by a user, or superseded by another invitation to the same address being accepted. */
export const InvitationRevokedV1 = z.object({
  type: z.literal('invitation.revoked.v1'),
  data: z.object({ inviteId: z.number().int().positive() }),
});
export type InvitationRevokedV1 = z.infer<typeof InvitationRevokedV1>;
