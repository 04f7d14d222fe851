import type { OperationData, revokeInvite } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { invitationAggregateId, type InvitationState } from '../invitation.state';
import { accessInvitation } from '../invite-access';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type RevokeInvite = OperationData<typeof revokeInvite>;

export interface RevokeInviteState {
  actor: UserState;
  invitation: InvitationState | null;
}

/** Zulip's `revoke_user_invite`; an expired invitation can still be revoked. */
export function decideRevokeInvite(_cmd: RevokeInvite, state: RevokeInviteState): UsersNewEvent[] {
  return [invitationRevoked(accessInvitation(state.actor, state.invitation))];
}

/** The invitation's key stops working; it leaves the pending invitations. */
export const invitationRevoked = (invitation: InvitationState): UsersNewEvent => ({
  type: 'invitation.revoked.v1',
  aggregateId: invitationAggregateId(invitation.inviteId),
  sequence: invitation.version + 1,
  data: { inviteId: invitation.inviteId },
});
