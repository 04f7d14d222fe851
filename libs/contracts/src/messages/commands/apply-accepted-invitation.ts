import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * Not a REST operation: the messages service sends it to itself for each `invitation.accepted.v1`
 * it reads on `users.events` (command id `invitation.accepted:<inviteId>`, so reading the event
 * again changes nothing), to subscribe the new user to the invitation's channels and, when
 * `notifyReferrerOnJoin`, have the Notification Bot tell `referrerId` that they joined.
 */
export const APPLY_ACCEPTED_INVITATION = 'channel.apply_accepted_invitation';
export const ApplyAcceptedInvitation = z.object({
  inviteId: z.number().int().positive(),
  userId: UserId,
  streamIds: z.array(z.number().int()),
  includeRealmDefaultSubscriptions: z.boolean(),
  referrerId: UserId.optional(),
  notifyReferrerOnJoin: z.boolean().optional(),
});
export type ApplyAcceptedInvitation = z.infer<typeof ApplyAcceptedInvitation>;
