import { DomainError } from '@zulip-es/platform';

/** `[address, reason, is_deactivated]`, as Zulip lists skipped addresses. */
export type InviteeError = [email: string, reason: string, deactivated: boolean];

/** Zulip's `InvitationError`: code INVITATION_FAILED (400) with its four extra fields. */
export function invitationError(
  msg: string,
  errors: InviteeError[],
  flags: { sentInvitations: boolean; dailyLimitReached?: boolean; licenseLimitReached?: boolean },
): DomainError {
  return new DomainError('INVITATION_FAILED', msg, {
    errors,
    sent_invitations: flags.sentInvitations,
    license_limit_reached: flags.licenseLimitReached ?? false,
    daily_limit_reached: flags.dailyLimitReached ?? false,
  });
}

export const DAILY_LIMIT_REACHED =
  'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.';
export const SOME_DID_NOT_VALIDATE = "Some emails did not validate, so we didn't send any invitations.";
export const NOBODY_INVITED = "We weren't able to invite anyone.";
export const SOME_ALREADY_REGISTERED =
  "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!";
