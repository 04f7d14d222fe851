import type { Role, UsersEvent } from '@zulip-es/contracts';
import type { UsersNewEvent } from '../shared/users-new-event';

/** One reusable invitation link (aggregate `invite_link:<id>`, written only by commands of key `realm`). */
export interface InvitationLinkState {
  linkId: number;
  invitedByUserId: number;
  invitedAs: Role;
  createdAt: string;
  expiresAt: string | null;
  streamIds: number[];
  groupIds: number[];
  includeRealmDefaultSubscriptions: boolean;
  welcomeMessageCustomText: string | null;
  keyHash: string;
  keyNonce: string;
  revoked: boolean;
  version: number;
}

export type InvitationLinkEvent = Extract<UsersEvent, { type: `invitation_link.${string}` }>;

export const invitationLinkAggregateId = (linkId: number): string => `invite_link:${linkId}`;

/** Like an invitation's, a link's expiry is a matter of time, not of events. */
export const isLinkExpired = (link: Pick<InvitationLinkState, 'expiresAt'>, now: Date): boolean =>
  link.expiresAt !== null && Date.parse(link.expiresAt) <= now.getTime();

/** Unrevoked and unexpired: listed by GET /invites, and lets people ask to join. */
export const isLinkValid = (link: InvitationLinkState, now: Date): boolean => !link.revoked && !isLinkExpired(link, now);

/** Pure: the link after `event`. */
export function evolveInvitationLink(state: InvitationLinkState | null, event: InvitationLinkEvent, sequence: number): InvitationLinkState {
  if (event.type === 'invitation_link.created.v1') return { ...event.data, revoked: false, version: sequence };
  if (!state) throw new Error(`${event.type} for unknown link ${event.data.linkId}`);
  switch (event.type) {
    case 'invitation_link.revoked.v1':
      return { ...state, revoked: true, version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`invitation link cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The link lets nobody else ask to join. */
export const invitationLinkRevoked = (link: InvitationLinkState): UsersNewEvent<'invitation_link.revoked.v1'> => ({
  type: 'invitation_link.revoked.v1',
  aggregateId: invitationLinkAggregateId(link.linkId),
  sequence: link.version + 1,
  data: { linkId: link.linkId },
});
