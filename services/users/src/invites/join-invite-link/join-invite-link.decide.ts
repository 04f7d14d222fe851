import type { joinThroughInviteLink, OperationData } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { isValidEmail } from '../../shared/user-rules';
import { LINK_EXPIRED, LINK_NOT_FOUND } from '../accept-invite/accept-invite.decide';
import { invitationAggregateId } from '../invitation.state';
import { isLinkExpired, type InvitationLinkState } from '../invitation-link.state';
import type { InviteKeyMaterial } from '../invite-key';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type JoinThroughInviteLink = OperationData<typeof joinThroughInviteLink>;

export interface JoinThroughInviteLinkState {
  /** The link whose key was presented, if any. */
  link: InvitationLinkState | null;
  /** The user already holding the address, if any. */
  existing: UserState | null;
  lastInviteId: number;
}

export const LINK_MALFORMED = 'Whoops. The confirmation link is malformed.';
/** Django's EmailField message, which Zulip's sign-up form answers. */
export const INVALID_EMAIL = 'Enter a valid email address.';
/** Zulip's default validity of a registration link (CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS). */
const REGISTRATION_VALIDITY_MS = 24 * 3600 * 1000;

type NewInvitationRequested = UsersNewEvent<'invitation.requested.v1'>;

/**
 * Zulip's `accounts_home_from_multiuse_invite` then its sign-up form: the link's key as
 * `get_object_from_key` checks it (a revoked link's key is gone, an expired one is refused),
 * then the address. Returns the cleaned address.
 */
export function checkJoinThroughInviteLink(
  cmd: JoinThroughInviteLink,
  state: Omit<JoinThroughInviteLinkState, 'lastInviteId'>,
  now: Date,
): { link: InvitationLinkState; email: string } {
  const key = cmd.key.trim();
  // Zulip's keys are 24 characters (40 for old ones); any other length is no key at all.
  if (key.length !== 24 && key.length !== 40) throw badRequest(LINK_MALFORMED);
  const { link } = state;
  if (!link || link.revoked) throw badRequest(LINK_NOT_FOUND);
  if (isLinkExpired(link, now)) throw badRequest(LINK_EXPIRED);
  const email = cmd.email.trim();
  if (!isValidEmail(email)) throw badRequest(INVALID_EMAIL);
  if (state.existing) throw badRequest(`Email '${email}' already in use`);
  return { link, email };
}

/**
 * A one-time invitation to the address with the link's settings as they are now (Zulip's
 * `prepare_activation_url` copies them into a PreregistrationUser), valid for a day. Many
 * people, or one person many times, may ask through the same link.
 */
export function decideJoinThroughInviteLink(
  cmd: JoinThroughInviteLink,
  state: JoinThroughInviteLinkState,
  newKey: (inviteId: number) => InviteKeyMaterial,
  now: Date,
): NewInvitationRequested {
  const { link, email } = checkJoinThroughInviteLink(cmd, state, now);
  const inviteId = state.lastInviteId + 1;
  return {
    type: 'invitation.requested.v1',
    aggregateId: invitationAggregateId(inviteId),
    sequence: 1,
    data: {
      inviteId,
      linkId: link.linkId,
      referrerId: link.invitedByUserId,
      email,
      invitedAs: link.invitedAs,
      invitedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + REGISTRATION_VALIDITY_MS).toISOString(),
      streamIds: link.streamIds,
      groupIds: link.groupIds,
      includeRealmDefaultSubscriptions: link.includeRealmDefaultSubscriptions,
      welcomeMessageCustomText: link.welcomeMessageCustomText,
      ...newKey(inviteId),
    },
  };
}
