import { APPLY_ACCEPTED_INVITATION, InvitationAcceptedV1, type ApplyAcceptedInvitation } from '@zulip-es/contracts';
import type { EventRelayOptions } from '@zulip-es/platform';

/**
 * `invitation.accepted.v1` → the command that subscribes the new user (and tells the referrer who
 * asked), with an id derived from the invitation. Decided on key `realm`, in turn with every
 * channel decision, once this service's copy of the users domain includes the new user.
 */
export const acceptedInvitationRelay: EventRelayOptions = {
  groupId: 'messages-accepted-invitations',
  from: 'users',
  to: 'messages',
  eventTypes: ['invitation.accepted.v1'],
  toCommand: (envelope) => {
    const { data: accepted } = InvitationAcceptedV1.parse({ type: envelope.type, data: envelope.data });
    const data: ApplyAcceptedInvitation = {
      inviteId: accepted.inviteId,
      userId: accepted.userId,
      streamIds: accepted.streamIds,
      includeRealmDefaultSubscriptions: accepted.includeRealmDefaultSubscriptions,
      referrerId: accepted.referrerId,
      notifyReferrerOnJoin: accepted.notifyReferrerOnJoin,
    };
    return { commandId: `invitation.accepted:${accepted.inviteId}`, type: APPLY_ACCEPTED_INVITATION, key: 'realm', data };
  },
};
