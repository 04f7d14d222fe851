import type { OperationData, revokeInviteLink } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { invitationLinkRevoked, type InvitationLinkState } from '../invitation-link.state';
import type { UsersNewEvent } from '../../shared/users-new-event';
import { checkRoleBasedPermissions, requireMemberOrAdmin } from '../invite-access';

export type RevokeInviteLink = OperationData<typeof revokeInviteLink>;

export interface RevokeInviteLinkState {
  actor: UserState;
  link: InvitationLinkState | null;
}

/**
 * Zulip's `revoke_multiuse_invite` with `access_multiuse_invite_by_id`: another user's link needs
 * an administrator (an owner for a link to the owner role), and only then is a revoked link
 * told apart from a valid one. An expired link can still be revoked.
 */
export function decideRevokeInviteLink(_cmd: RevokeInviteLink, state: RevokeInviteLinkState): UsersNewEvent<'invitation_link.revoked.v1'> {
  const { actor, link } = state;
  requireMemberOrAdmin(actor);
  if (!link) throw badRequest('No such invitation');
  if (link.invitedByUserId !== actor.userId) checkRoleBasedPermissions(link.invitedAs, actor, true);
  if (link.revoked) throw badRequest('Invitation has already been revoked');
  return invitationLinkRevoked(link);
}
