import { Role } from '@zulip-es/contracts';
import { anInvitation, aUser } from '../../testing/users.fixtures';
import type { InvitationState } from '../invitation.state';
import { decideRevokeInvite } from './revoke-invite.decide';

const inviter = aUser({ userId: 2, role: Role.MEMBER });
const revoke = (actor = inviter, invitation: InvitationState | null = anInvitation({ inviteId: 9, invitedByUserId: 2, version: 2 })) =>
  decideRevokeInvite({ invite_id: 9 }, { actor, invitation });

describe('revoke an invitation', () => {
  it('given my own pending invitation, when I revoke it, then it is revoked at its next sequence', () => {
    expect(revoke()).toEqual([{ type: 'invitation.revoked.v1', aggregateId: 'invite:9', sequence: 3, data: { inviteId: 9 } }]);
  });

  it('given an expired invitation, it can still be revoked', () => {
    expect(revoke(inviter, anInvitation({ invitedByUserId: 2, expiresAt: '2000-01-01T00:00:00.000Z' }))).toHaveLength(1);
  });

  it.each([
    ['unknown', null],
    ['revoked', anInvitation({ invitedByUserId: 2, status: 'revoked' })],
    ['accepted', anInvitation({ invitedByUserId: 2, status: 'accepted' })],
  ])('given an %s invitation, then "No such invitation"', (_what, invitation) => {
    expect(() => revoke(inviter, invitation)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg: 'No such invitation' }));
  });

  it.each([
    [Role.MEMBER, 'BAD_REQUEST', 'Must be an organization administrator'],
    [Role.MODERATOR, 'BAD_REQUEST', 'Must be an organization administrator'],
  ])("given someone else's invitation, role %i is refused", (role, code, msg) => {
    expect(() => revoke(aUser({ userId: 5, role }))).toThrow(expect.objectContaining({ code, msg }));
  });

  it.each([Role.ADMINISTRATOR, Role.OWNER])("given someone else's invitation, role %i may revoke it", (role) => {
    expect(revoke(aUser({ userId: 5, role }))).toHaveLength(1);
  });

  it("given someone else's invitation of an owner, an administrator is refused as not an owner", () => {
    const invitation = anInvitation({ invitedByUserId: 1, invitedAs: Role.OWNER });
    expect(() => revoke(aUser({ userId: 5, role: Role.ADMINISTRATOR }), invitation)).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' }),
    );
  });

  it('a guest is refused', () => {
    expect(() => revoke(aUser({ userId: 2, role: Role.GUEST }))).toThrow(expect.objectContaining({ msg: 'Not allowed for guest users' }));
  });
});
