import { Role, type InviteReply } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { isSentByUser, isValid, type InvitationState } from '../invitation.state';
import { isLinkValid, type InvitationLinkState } from '../invitation-link.state';

const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);
const expiryDate = (expiresAt: string | null): number | null => (expiresAt === null ? null : unixSeconds(expiresAt));

/** Zulip's `Invite` dict for an email invitation. */
export function inviteView(invitation: InvitationState): InviteReply {
  return {
    id: invitation.inviteId,
    invited_by_user_id: invitation.invitedByUserId,
    invited: unixSeconds(invitation.invitedAt),
    expiry_date: expiryDate(invitation.expiresAt),
    invited_as: invitation.invitedAs,
    email: invitation.email,
    notify_referrer_on_join: invitation.notifyReferrerOnJoin,
    is_multiuse: false,
  };
}

/**
 * Zulip's `Invite` dict for a reusable link, as its `do_get_invites_controlled_by_user` builds it:
 * no `email`, and no `notify_referrer_on_join` (nobody is notified of a join through a link).
 */
export function linkView(link: InvitationLinkState, linkUrl: string): InviteReply {
  return {
    id: link.linkId,
    invited_by_user_id: link.invitedByUserId,
    invited: unixSeconds(link.createdAt),
    expiry_date: expiryDate(link.expiresAt),
    invited_as: link.invitedAs,
    link_url: linkUrl,
    is_multiuse: true,
  };
}

export interface Invites {
  invitations: readonly InvitationState[];
  links: readonly InvitationLinkState[];
}

/**
 * Zulip's `do_get_invites_controlled_by_user`: administrators see every valid invitation and
 * link, others their own; email invitations first, then links. Invitations asked for through a
 * link were sent by nobody and are not listed.
 */
export function invitesControlledBy(
  viewer: UserState,
  invites: Invites,
  linkUrl: (link: InvitationLinkState) => string,
  now: Date,
): InviteReply[] {
  const controls = (invitedByUserId: number) => viewer.role <= Role.ADMINISTRATOR || invitedByUserId === viewer.userId;
  const invitations = invites.invitations.filter(
    (invitation) => isSentByUser(invitation) && isValid(invitation, now) && controls(invitation.invitedByUserId),
  );
  const links = invites.links.filter((link) => isLinkValid(link, now) && controls(link.invitedByUserId));
  return [...invitations.map(inviteView), ...links.map((link) => linkView(link, linkUrl(link)))];
}
