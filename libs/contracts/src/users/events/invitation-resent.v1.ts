import { z } from 'zod';

/** The invitation email was sent again with a new key (the old link stops working); the expiry is unchanged. */
export const InvitationResentV1 = z.object({
  type: z.literal('invitation.resent.v1'),
  data: z.object({
    inviteId: z.number().int().positive(),
    invitedAt: z.iso.datetime(),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    keyNonce: z.string().min(16),
  }),
});
export type InvitationResentV1 = z.infer<typeof InvitationResentV1>;
