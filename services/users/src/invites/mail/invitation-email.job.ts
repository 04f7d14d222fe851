import { z } from 'zod';

export const INVITATION_EMAIL_QUEUE = 'users-invitation-emails';

/** One invitation email to send; the job id is the id of the event that asked for it. */
export const InvitationEmailJob = z.object({
  inviteId: z.number().int().positive(),
  email: z.string(),
  referrerId: z.number().int().positive(),
  keyNonce: z.string(),
  expiresAt: z.iso.datetime().nullable(),
});
export type InvitationEmailJob = z.infer<typeof InvitationEmailJob>;
