import { z } from 'zod';

export const INVITATION_EMAIL_QUEUE = 'users-invitation-emails';

/** One invitation email to send; the job id is the id of the event that asked for it. */
export const InvitationEmailJob = z.object({
  inviteId: z.number().int().positive(),
  email: z.string(),
  referrerId: z.number().int().positive(),
  keyNonce: z.string(),
  expiresAt: z.iso.datetime().nullable(),
  /** Asked for through this reusable link: the registration email rather than an invitation from the referrer. */
  linkId: z.number().int().positive().optional(),
});
export type InvitationEmailJob = z.infer<typeof InvitationEmailJob>;
