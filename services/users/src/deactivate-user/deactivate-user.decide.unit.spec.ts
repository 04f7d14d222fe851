import { Role } from '@zulip-es/contracts';
import { anInvitation, anInvitationLink, aUser } from '../testing/users.fixtures';
import { decideDeactivateUser } from './deactivate-user.decide';

const now = new Date('2026-02-01T00:00:00.000Z');
const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
const owner = aUser({ userId: 9, role: Role.OWNER });

describe('deactivate user', () => {
  it('deactivates an active member, next in its sequence', () => {
    const target = aUser({ userId: 5, version: 3 });
    expect(
      decideDeactivateUser({ user_id: 5 }, { actor: admin, target, activeOwners: 1, pendingInvitations: [], unrevokedLinks: [] }, now),
    ).toEqual([{ type: 'user.deactivated.v1', aggregateId: 'user:5', sequence: 4, data: { userId: 5 } }]);
  });

  it("revokes the invitations the user sent that are still pending, to any role, as Zulip's do_revoke_user_invites", () => {
    const target = aUser({ userId: 5, version: 3 });
    const pendingInvitations = [
      anInvitation({ inviteId: 11, invitedByUserId: 5, invitedAs: Role.ADMINISTRATOR, version: 1 }),
      anInvitation({ inviteId: 12, invitedByUserId: 5, version: 2 }),
    ];
    expect(
      decideDeactivateUser({ user_id: 5 }, { actor: admin, target, activeOwners: 1, pendingInvitations, unrevokedLinks: [] }, now),
    ).toEqual([
      { type: 'user.deactivated.v1', aggregateId: 'user:5', sequence: 4, data: { userId: 5 } },
      { type: 'invitation.revoked.v1', aggregateId: 'invite:11', sequence: 2, data: { inviteId: 11 } },
      { type: 'invitation.revoked.v1', aggregateId: 'invite:12', sequence: 3, data: { inviteId: 12 } },
    ]);
  });

  it("leaves others' invitations and those no longer pending alone", () => {
    const target = aUser({ userId: 5, version: 3 });
    const pendingInvitations = [
      anInvitation({ inviteId: 11, invitedByUserId: 6 }),
      anInvitation({ inviteId: 12, invitedByUserId: 5, status: 'accepted' }),
    ];
    expect(
      decideDeactivateUser({ user_id: 5 }, { actor: admin, target, activeOwners: 1, pendingInvitations, unrevokedLinks: [] }, now),
    ).toHaveLength(1);
  });

  it("revokes the user's links that still let people ask to join, as Zulip expires them, and leaves expired ones alone", () => {
    const target = aUser({ userId: 5, version: 3 });
    const unrevokedLinks = [
      anInvitationLink({ linkId: 3, invitedByUserId: 5, expiresAt: null, version: 1 }),
      anInvitationLink({ linkId: 4, invitedByUserId: 5, expiresAt: '2026-01-01T00:00:00.000Z' }),
      anInvitationLink({ linkId: 6, invitedByUserId: 5, expiresAt: '2026-03-01T00:00:00.000Z', invitedAs: Role.OWNER, version: 1 }),
    ];
    expect(
      decideDeactivateUser({ user_id: 5 }, { actor: admin, target, activeOwners: 1, pendingInvitations: [], unrevokedLinks }, now).slice(1),
    ).toEqual([
      { type: 'invitation_link.revoked.v1', aggregateId: 'invite_link:3', sequence: 2, data: { linkId: 3 } },
      { type: 'invitation_link.revoked.v1', aggregateId: 'invite_link:6', sequence: 2, data: { linkId: 6 } },
    ]);
  });

  it('leaves the invitations asked for through its links alone: nobody sent them', () => {
    const target = aUser({ userId: 5, version: 3 });
    const pendingInvitations = [anInvitation({ inviteId: 11, invitedByUserId: 5, linkId: 3 })];
    expect(
      decideDeactivateUser({ user_id: 5 }, { actor: admin, target, activeOwners: 1, pendingInvitations, unrevokedLinks: [] }, now),
    ).toHaveLength(1);
  });

  it('refuses an unknown user', () => {
    expect(() =>
      decideDeactivateUser(
        { user_id: 5 },
        { actor: admin, target: null, activeOwners: 1, pendingInvitations: [], unrevokedLinks: [] },
        now,
      ),
    ).toThrow(expect.objectContaining({ msg: 'No such user' }));
  });

  it('refuses a user already deactivated', () => {
    const target = aUser({ isActive: false });
    expect(() =>
      decideDeactivateUser({ user_id: 2 }, { actor: admin, target, activeOwners: 1, pendingInvitations: [], unrevokedLinks: [] }, now),
    ).toThrow(expect.objectContaining({ msg: 'User is deactivated' }));
  });

  it('lets only an owner deactivate an owner', () => {
    expect(() =>
      decideDeactivateUser(
        { user_id: 9 },
        { actor: admin, target: owner, activeOwners: 2, pendingInvitations: [], unrevokedLinks: [] },
        now,
      ),
    ).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' }));
  });

  it('keeps the only owner', () => {
    expect(() =>
      decideDeactivateUser(
        { user_id: 9 },
        { actor: owner, target: owner, activeOwners: 1, pendingInvitations: [], unrevokedLinks: [] },
        now,
      ),
    ).toThrow(expect.objectContaining({ msg: 'Cannot deactivate the only organization owner' }));
  });

  it('refuses members', () => {
    expect(() =>
      decideDeactivateUser(
        { user_id: 2 },
        { actor: aUser({ userId: 3 }), target: aUser(), activeOwners: 1, pendingInvitations: [], unrevokedLinks: [] },
        now,
      ),
    ).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL' }));
  });
});
