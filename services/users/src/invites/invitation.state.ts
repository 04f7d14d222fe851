import type { Role, UsersEvent } from '@zulip-es/contracts';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

/**
 * One invitation to an address (aggregate `invite:<id>`, written only by commands of key
 * `realm`): an email invitation a user sent, or one asked for through a reusable link.
 */
export interface InvitationState {
  inviteId: number;
  /** The sender; for one asked for through a link, the link's creator. */
  invitedByUserId: number;
  /** The reusable link it was asked for through; null for an email invitation a user sent. */
  linkId: number | null;
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

/**
 * Sent by a user, who manages it (GET /invites, resend, revoke): Zulip's `referred_by`, which an
 * invitation asked for through a link does not have.
 */
export const isSentByUser = (invitation: Pick<InvitationState, 'linkId'>): boolean => invitation.linkId === null;

/** Pending and unexpired: acceptable (and listed by GET /invites when a user sent it). */
export const isValid = (invitation: InvitationState, now: Date): boolean => invitation.status === 'pending' && !isExpired(invitation, now);

/** Pure: the invitation after `event`. */
export function evolveInvitation(state: InvitationState | null, event: InvitationEvent, sequence: number): InvitationState {
  if (event.type === 'invitation.created.v1') {
    return { ...event.data, linkId: null, status: 'pending', acceptedUserId: null, version: sequence };
  }
  if (event.type === 'invitation.requested.v1') {
    const { referrerId, ...data } = event.data;
    return {
      ...data,
      invitedByUserId: referrerId,
      notifyReferrerOnJoin: false,
      status: 'pending',
      acceptedUserId: null,
      version: sequence,
    };
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
