import type { OperationData, resendInvite } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { DAILY_LIMIT_REACHED, invitationError } from '../invitation-error';
import { invitationAggregateId, type InvitationState } from '../invitation.state';
import { accessInvitation } from '../invite-access';
import type { InviteKeyMaterial } from '../invite-key';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type ResendInvite = OperationData<typeof resendInvite>;

export interface ResendInviteState {
  actor: UserState;
  invitation: InvitationState | null;
  recentInvites: number;
  dailyLimit: number;
}

/**
 * Zulip's `resend_user_invite_email`: a new link replaces the old one and the invitation counts
 * as sent now, but it expires when it did before (Zulip keeps the expiry date; an expired
 * invitation is resent as it is).
 */
export function decideResendInvite(cmd: ResendInvite, state: ResendInviteState, newKey: InviteKeyMaterial, now: Date): UsersNewEvent[] {
  const invitation = accessInvitation(state.actor, state.invitation);
  if (state.recentInvites + 1 > state.dailyLimit) {
    throw invitationError(DAILY_LIMIT_REACHED, [], { sentInvitations: false, dailyLimitReached: true });
  }
  return [
    {
      type: 'invitation.resent.v1',
      aggregateId: invitationAggregateId(invitation.inviteId),
      sequence: invitation.version + 1,
      data: { inviteId: cmd.invite_id, invitedAt: now.toISOString(), ...newKey },
    },
  ];
}
