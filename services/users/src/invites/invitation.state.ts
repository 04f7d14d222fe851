import type { Role, UsersEvent } from '@zulip-es/contracts';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

/** One email invitation (aggregate `invite:<id>`, written only by commands of key `realm`). */
export interface InvitationState {
  inviteId: number;
  invitedByUserId: number;
  email: string;
  invitedAs: Role;
  invitedAt: string;
  expiresAt: string | null;
  streamIds: number[];
  groupIds: number[];
  includeRealmDefaultSubscriptions: boolean;
  notifyReferrerOnJoin: boolean;
  welcomeMessageCustomText: string | null;
  keyHash: string;
  keyNonce: string;
  status: InvitationStatus;
  acceptedUserId: number | null;
  version: number;
}

export type InvitationEvent = Extract<UsersEvent, { type: `invitation.${string}` }>;

export const invitationAggregateId = (inviteId: number): string => `invite:${inviteId}`;

/** Expiry is a matter of time, not of events: an invitation past `expiresAt` is simply no longer valid. */
export const isExpired = (invitation: Pick<InvitationState, 'expiresAt'>, now: Date): boolean =>
  invitation.expiresAt !== null && Date.parse(invitation.expiresAt) <= now.getTime();

/** Pending and unexpired: listed by GET /invites and acceptable. */
export const isValid = (invitation: InvitationState, now: Date): boolean => invitation.status === 'pending' && !isExpired(invitation, now);

/** Pure: the invitation after `event`. */
export function evolveInvitation(state: InvitationState | null, event: InvitationEvent, sequence: number): InvitationState {
  if (event.type === 'invitation.created.v1') {
    return { ...event.data, status: 'pending', acceptedUserId: null, version: sequence };
  }
  if (!state) throw new Error(`${event.type} for unknown invitation ${event.data.inviteId}`);
  switch (event.type) {
    case 'invitation.resent.v1':
      return { ...state, invitedAt: event.data.invitedAt, keyHash: event.data.keyHash, keyNonce: event.data.keyNonce, version: sequence };
    case 'invitation.revoked.v1':
      return { ...state, status: 'revoked', version: sequence };
    case 'invitation.accepted.v1':
      return { ...state, status: 'accepted', acceptedUserId: event.data.userId, version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`invitation cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
