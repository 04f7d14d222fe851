import { Role } from '@zulip-es/contracts';
import { anInvitation, anInvitationLink, aUser } from '../../testing/users.fixtures';
import type { InvitationLinkState } from '../invitation-link.state';
import { invitesControlledBy, type Invites } from './invite-view';

const now = new Date('2026-01-05T00:00:00.000Z');
const mine = anInvitation({ inviteId: 1, invitedByUserId: 2 });
const theirs = anInvitation({ inviteId: 2, invitedByUserId: 3, expiresAt: null, invitedAs: Role.ADMINISTRATOR });
const expired = anInvitation({ inviteId: 3, invitedByUserId: 2, expiresAt: '2026-01-04T00:00:00.000Z' });
const revoked = anInvitation({ inviteId: 4, invitedByUserId: 2, status: 'revoked' });
const throughLink = anInvitation({ inviteId: 5, invitedByUserId: 2, linkId: 1 });
const all = [mine, theirs, expired, revoked, throughLink];

const myLink = anInvitationLink({ linkId: 1, invitedByUserId: 2 });
const theirLink = anInvitationLink({ linkId: 2, invitedByUserId: 3, expiresAt: null, invitedAs: Role.GUEST });
const expiredLink = anInvitationLink({ linkId: 3, invitedByUserId: 2, expiresAt: '2026-01-04T00:00:00.000Z' });
const revokedLink = anInvitationLink({ linkId: 4, invitedByUserId: 2, revoked: true });
const allLinks = [myLink, theirLink, expiredLink, revokedLink];

const linkUrl = (link: InvitationLinkState) => `https://chat.example.com/join/key-of-${link.linkId}/`;
const view = (viewer = aUser({ userId: 2 }), invites: Partial<Invites> = {}) =>
  invitesControlledBy(viewer, { invitations: all, links: allLinks, ...invites }, linkUrl, now);
const ids = (invites: Record<string, unknown>[]) => invites.map((i) => [i.is_multiuse ? 'link' : 'email', i.id]);

describe('GET /invites view', () => {
  it("formats Zulip's Invite dict of an email invitation", () => {
    expect(view(aUser({ userId: 2 }), { invitations: [mine], links: [] })).toEqual([
      {
        id: 1,
        invited_by_user_id: 2,
        invited: 1767225600,
        expiry_date: 1768089600,
        invited_as: 400,
        email: 'invitee@example.com',
        notify_referrer_on_join: true,
        is_multiuse: false,
      },
    ]);
  });

  it("formats Zulip's Invite dict of a reusable link: its URL, no address and no referrer notification", () => {
    expect(view(aUser({ userId: 2 }), { invitations: [], links: [myLink] })).toEqual([
      {
        id: 1,
        invited_by_user_id: 2,
        invited: 1767225600,
        expiry_date: 1768089600,
        invited_as: 400,
        link_url: 'https://chat.example.com/join/key-of-1/',
        is_multiuse: true,
      },
    ]);
  });

  it('shows administrators every valid invitation and link, email invitations first', () => {
    expect(ids(view(aUser({ userId: 9, role: Role.ADMINISTRATOR })))).toEqual([
      ['email', 1],
      ['email', 2],
      ['link', 1],
      ['link', 2],
    ]);
    expect(view(aUser({ userId: 9, role: Role.OWNER }), { invitations: [theirs], links: [theirLink] })).toMatchObject([
      { expiry_date: null, invited_as: 200 },
      { expiry_date: null, invited_as: 600 },
    ]);
  });

  it('shows others only their own, moderators included', () => {
    expect(ids(view(aUser({ userId: 2, role: Role.MODERATOR })))).toEqual([
      ['email', 1],
      ['link', 1],
    ]);
    expect(ids(view(aUser({ userId: 7 })))).toEqual([]);
  });

  it('never lists an invitation asked for through a link: nobody sent it', () => {
    expect(view(aUser({ userId: 9, role: Role.OWNER }), { invitations: [throughLink], links: [] })).toEqual([]);
  });
});
