import { Role, type deactivateUser, type OperationData } from '@zulip-es/contracts';
import { badRequest, DomainError, ownerRequired } from '@zulip-es/platform';
import { userAggregateId, type UserState } from '../domain/user.state';
import { isSentByUser, type InvitationState } from '../invites/invitation.state';
import { invitationLinkRevoked, isLinkValid, type InvitationLinkState } from '../invites/invitation-link.state';
import { invitationRevoked } from '../invites/revoke-invite/revoke-invite.decide';
import { accessTarget, requireAdmin } from '../shared/user-rules';
import type { UsersNewEvent } from '../shared/users-new-event';

export type DeactivateUser = OperationData<typeof deactivateUser>;

export interface DeactivateUserState {
  actor: UserState;
  target: UserState | null;
  activeOwners: number;
  /** The invitations the target sent that are still pending. */
  pendingInvitations: InvitationState[];
  /** The reusable links the target created that are not revoked. */
  unrevokedLinks: InvitationLinkState[];
}

/**
 * The user is deactivated and the invitations and valid reusable links they created are revoked,
 * as Zulip's `do_deactivate_user` does (`revoke_invites_generated_by_user`): a link a deactivated
 * user handed out, to any role, no longer lets anyone in.
 */
export function decideDeactivateUser(_cmd: DeactivateUser, state: DeactivateUserState, now: Date): UsersNewEvent[] {
  requireAdmin(state.actor);
  const target = accessTarget(state.target, { allowDeactivated: false });
  if (target.role === Role.OWNER && state.actor.role !== Role.OWNER) throw ownerRequired();
  if (target.role === Role.OWNER && state.activeOwners <= 1) throw badRequest('Cannot deactivate the only organization owner');
  return deactivation(target, state, now);
}

export interface DeactivateOwnUserState {
  actor: UserState;
  activeUsers: number;
  activeOwners: number;
  pendingInvitations: InvitationState[];
  unrevokedLinks: InvitationLinkState[];
}

/**
 * Zulip's `deactivate_user_own_backend`: anyone may leave, except the organization's only active
 * user or its only owner (`CannotDeactivateLastUserError`).
 */
export function decideDeactivateOwnUser(state: DeactivateOwnUserState, now: Date): UsersNewEvent[] {
  if (state.activeUsers <= 1) throw lastUser(false);
  if (state.actor.role === Role.OWNER && state.activeOwners <= 1) throw lastUser(true);
  return deactivation(state.actor, state, now);
}

const lastUser = (isLastOwner: boolean): DomainError => {
  const entity = isLastOwner ? 'organization owner' : 'user';
  return new DomainError('CANNOT_DEACTIVATE_LAST_USER', `Cannot deactivate the only ${entity}.`, { is_last_owner: isLastOwner, entity });
};

/**
 * Invitations asked for through the user's links are left alone: nobody sent them (Zulip's
 * PreregistrationUser from a link has no `referred_by`), and the address they were mailed to is proven.
 */
function deactivation(
  target: UserState,
  created: Pick<DeactivateUserState, 'pendingInvitations' | 'unrevokedLinks'>,
  now: Date,
): UsersNewEvent[] {
  const deactivated: UsersNewEvent = {
    type: 'user.deactivated.v1',
    aggregateId: userAggregateId(target.userId),
    sequence: target.version + 1,
    data: { userId: target.userId },
  };
  const revoked = created.pendingInvitations
    .filter((invitation) => invitation.invitedByUserId === target.userId && invitation.status === 'pending' && isSentByUser(invitation))
    .map(invitationRevoked);
  const revokedLinks = created.unrevokedLinks
    .filter((link) => link.invitedByUserId === target.userId && isLinkValid(link, now))
    .map(invitationLinkRevoked);
  return [deactivated, ...revoked, ...revokedLinks];
}
