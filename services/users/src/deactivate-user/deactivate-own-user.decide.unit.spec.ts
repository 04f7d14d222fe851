import { Role } from '@zulip-es/contracts';
import { anInvitation, anInvitationLink, aUser } from '../testing/users.fixtures';
import { decideDeactivateOwnUser } from './deactivate-user.decide';

const now = new Date('2026-02-01T00:00:00.000Z');
const member = aUser({ userId: 5, version: 3 });
const owner = aUser({ userId: 9, role: Role.OWNER, version: 7 });
const lastUser = (isLastOwner: boolean, entity: string) =>
  expect.objectContaining({
    code: 'CANNOT_DEACTIVATE_LAST_USER',
    status: 400,
    msg: `Cannot deactivate the only ${entity}.`,
    extra: { is_last_owner: isLastOwner, entity },
  });

describe('deactivate own user (DELETE /users/me)', () => {
  it('deactivates the caller and revokes the invitations they sent that are still pending, and their valid links', () => {
    const pendingInvitations = [anInvitation({ inviteId: 11, invitedByUserId: 5, version: 1 })];
    const unrevokedLinks = [anInvitationLink({ linkId: 2, invitedByUserId: 5, expiresAt: null, version: 1 })];
    expect(decideDeactivateOwnUser({ actor: member, activeUsers: 3, activeOwners: 1, pendingInvitations, unrevokedLinks }, now)).toEqual([
      { type: 'user.deactivated.v1', aggregateId: 'user:5', sequence: 4, data: { userId: 5 } },
      { type: 'invitation.revoked.v1', aggregateId: 'invite:11', sequence: 2, data: { inviteId: 11 } },
      { type: 'invitation_link.revoked.v1', aggregateId: 'invite_link:2', sequence: 2, data: { linkId: 2 } },
    ]);
  });

  it('lets an owner leave while another owner remains', () => {
    expect(
      decideDeactivateOwnUser({ actor: owner, activeUsers: 3, activeOwners: 2, pendingInvitations: [], unrevokedLinks: [] }, now),
    ).toHaveLength(1);
  });

  it('refuses the only owner, and the only active user whatever their role', () => {
    expect(() =>
      decideDeactivateOwnUser({ actor: owner, activeUsers: 3, activeOwners: 1, pendingInvitations: [], unrevokedLinks: [] }, now),
    ).toThrow(lastUser(true, 'organization owner'));
    expect(() =>
      decideDeactivateOwnUser({ actor: member, activeUsers: 1, activeOwners: 0, pendingInvitations: [], unrevokedLinks: [] }, now),
    ).toThrow(lastUser(false, 'user'));
    expect(() =>
      decideDeactivateOwnUser({ actor: owner, activeUsers: 1, activeOwners: 1, pendingInvitations: [], unrevokedLinks: [] }, now),
    ).toThrow(lastUser(false, 'user'));
  });
});
