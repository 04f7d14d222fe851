import { z } from 'zod';

/** The link no longer lets anyone ask to join: revoked by a user, or with the deactivation of the user who created it. */
export const InvitationLinkRevokedV1 = z.object({
  type: z.literal('invitation_link.revoked.v1'),
  data: z.object({ linkId: z.number().int().positive() }),
});
export type InvitationLinkRevokedV1 = z.infer<typeof InvitationLinkRevokedV1>;
