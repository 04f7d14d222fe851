import { Role } from '@zulip-es/contracts';
import { badRequest, ownerRequired, type DomainError } from '@zulip-es/platform';
import type { UserState } from '../domain/user.state';
import { isSentByUser, type InvitationState } from './invitation.state';

export const notAllowedForGuests = (): DomainError => badRequest('Not allowed for guest users');

/** Zulip's `require_member_or_admin`. */
export function requireMemberOrAdmin(actor: UserState): void {
  if (actor.role === Role.GUEST) throw notAllowedForGuests();
  if (actor.isBot) throw badRequest('This endpoint does not accept bot requests.');
}

/**
 * Zulip's `check_role_based_permissions`: only owners handle invitations of owners
 * (UNAUTHORIZED_PRINCIPAL), and where an administrator is required the error is a plain
 * BAD_REQUEST.
 */
export function checkRoleBasedPermissions(invitedAs: Role, actor: UserState, requireAdmin: boolean): void {
  if (invitedAs === Role.OWNER && actor.role !== Role.OWNER) throw ownerRequired();
  if (requireAdmin && actor.role > Role.ADMINISTRATOR) throw badRequest('Must be an organization administrator');
}

/** The role check of inviting and of creating a link: moderators and above need an administrator, owners an owner. */
export function checkInvitedRole(invitedAs: Role, actor: UserState): void {
  const requireAdmin = invitedAs === Role.OWNER || invitedAs === Role.ADMINISTRATOR || invitedAs === Role.MODERATOR;
  checkRoleBasedPermissions(invitedAs, actor, requireAdmin);
}

/**
 * Zulip's `access_invite_by_id`: revoked and accepted invitations no longer exist (Zulip deletes
 * them), nor, for this, do those asked for through a link (no `referred_by`); another user's
 * invitation needs an administrator (an owner for owners' invitations).
 */
export function accessInvitation(actor: UserState, invitation: InvitationState | null): InvitationState {
  requireMemberOrAdmin(actor);
  if (!invitation || invitation.status !== 'pending' || !isSentByUser(invitation)) throw badRequest('No such invitation');
  if (invitation.invitedByUserId !== actor.userId) checkRoleBasedPermissions(invitation.invitedAs, actor, true);
  return invitation;
}
