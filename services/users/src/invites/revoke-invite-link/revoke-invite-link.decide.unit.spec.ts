import { Role } from '@zulip-es/contracts';
import { anInvitationLink, aUser } from '../../testing/users.fixtures';
import type { InvitationLinkState } from '../invitation-link.state';
import { decideRevokeInviteLink } from './revoke-invite-link.decide';

const creator = aUser({ userId: 2, role: Role.MEMBER });
const link = anInvitationLink({ linkId: 4, invitedByUserId: 2, version: 1 });
const revoke = (actor = creator, found: InvitationLinkState | null = link) =>
  decideRevokeInviteLink({ invite_id: 4 }, { actor, link: found });
const refusal = (code: string, msg: string) => expect.objectContaining({ code, msg });

describe('revoke a reusable invitation link', () => {
  it('given my own link, when I revoke it, then it is revoked at its next sequence', () => {
    expect(revoke()).toEqual({ type: 'invitation_link.revoked.v1', aggregateId: 'invite_link:4', sequence: 2, data: { linkId: 4 } });
  });

  it('given an expired link, it can still be revoked', () => {
    expect(revoke(creator, { ...link, expiresAt: '2000-01-01T00:00:00.000Z' }).type).toBe('invitation_link.revoked.v1');
  });

  it('given an unknown link, then "No such invitation"', () => {
    expect(() => revoke(creator, null)).toThrow(refusal('BAD_REQUEST', 'No such invitation'));
  });

  it('given a revoked link, then "Invitation has already been revoked"', () => {
    expect(() => revoke(creator, { ...link, revoked: true })).toThrow(refusal('BAD_REQUEST', 'Invitation has already been revoked'));
  });

  it.each([Role.MEMBER, Role.MODERATOR])("given someone else's link, role %i is refused as not an administrator", (role) => {
    expect(() => revoke(aUser({ userId: 5, role }))).toThrow(refusal('BAD_REQUEST', 'Must be an organization administrator'));
  });

  it("given someone else's revoked link, the permission is checked before the revocation is told", () => {
    expect(() => revoke(aUser({ userId: 5, role: Role.MEMBER }), { ...link, revoked: true })).toThrow(
      refusal('BAD_REQUEST', 'Must be an organization administrator'),
    );
  });

  it.each([Role.ADMINISTRATOR, Role.OWNER])("given someone else's link, role %i may revoke it", (role) => {
    expect(revoke(aUser({ userId: 5, role })).data).toEqual({ linkId: 4 });
  });

  it("given someone else's link to the owner role, an administrator is refused as not an owner, an owner may", () => {
    const ownersLink = { ...link, invitedByUserId: 1, invitedAs: Role.OWNER };
    expect(() => revoke(aUser({ userId: 5, role: Role.ADMINISTRATOR }), ownersLink)).toThrow(
      refusal('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner'),
    );
    expect(revoke(aUser({ userId: 6, role: Role.OWNER }), ownersLink).type).toBe('invitation_link.revoked.v1');
  });

  it('a guest is refused, even for a link they could not have created', () => {
    expect(() => revoke(aUser({ userId: 2, role: Role.GUEST }))).toThrow(refusal('BAD_REQUEST', 'Not allowed for guest users'));
  });
});
