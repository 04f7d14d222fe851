import { Role } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { isValid, type InvitationState } from '../invitation.state';

const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Zulip's `Invite` dict for an email invitation. */
export function inviteView(invitation: InvitationState): Record<string, unknown> {
  return {
    id: invitation.inviteId,
    invited_by_user_id: invitation.invitedByUserId,
    invited: unixSeconds(invitation.invitedAt),
    expiry_date: invitation.expiresAt === null ? null : unixSeconds(invitation.expiresAt),
    invited_as: invitation.invitedAs,
    email: invitation.email,
    notify_referrer_on_join: invitation.notifyReferrerOnJoin,
    is_multiuse: false,
  };
}

/** Zulip's `do_get_invites_controlled_by_user`: administrators see every valid invitation, others their own. */
export function invitesControlledBy(viewer: UserState, invitations: readonly InvitationState[], now: Date): Record<string, unknown>[] {
  const isAdmin = viewer.role <= Role.ADMINISTRATOR;
  return invitations
    .filter((invitation) => isValid(invitation, now) && (isAdmin || invitation.invitedByUserId === viewer.userId))
    .map(inviteView);
}
