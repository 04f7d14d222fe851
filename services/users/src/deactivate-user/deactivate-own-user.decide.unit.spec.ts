import { Role } from '@zulip-es/contracts';
import { anInvitation, aUser } from '../testing/users.fixtures';
import { decideDeactivateOwnUser } from './deactivate-user.decide';

const member = aUser({ userId: 5, version: 3 });
const owner = aUser({ userId: 9, role: Role.OWNER, version: 7 });
const lastUser = (isLastOwner: boolean, entity: string) =>
  expect.objectContaining({ code: 'CANNOT_DEACTIVATE_LAST_USER', status: 400, msg: `Cannot deactivate the only ${entity}.`, extra: { is_last_owner: isLastOwner, entity } });

describe('deactivate own user (DELETE /users/me)', () => {
  it('deactivates the caller and revokes the invitations they sent that are still pending', () => {
    const pendingInvitations = [anInvitation({ inviteId: 11, invitedByUserId: 5, version: 1 })];
    expect(decideDeactivateOwnUser({ actor: member, activeUsers: 3, activeOwners: 1, pendingInvitations })).toEqual([
      { type: 'user.deactivated.v1', aggregateId: 'user:5', sequence: 4, data: { userId: 5 } },
      { type: 'invitation.revoked.v1', aggregateId: 'invite:11', sequence: 2, data: { inviteId: 11 } },
    ]);
  });

  it('lets an owner leave while another owner remains', () => {
    expect(decideDeactivateOwnUser({ actor: owner, activeUsers: 3, activeOwners: 2, pendingInvitations: [] })).toHaveLength(1);
  });

  it('refuses the only owner, and the only active user whatever their role', () => {
    expect(() => decideDeactivateOwnUser({ actor: owner, activeUsers: 3, activeOwners: 1, pendingInvitations: [] })).toThrow(lastUser(true, 'organization owner'));
    expect(() => decideDeactivateOwnUser({ actor: member, activeUsers: 1, activeOwners: 0, pendingInvitations: [] })).toThrow(lastUser(false, 'user'));
    expect(() => decideDeactivateOwnUser({ actor: owner, activeUsers: 1, activeOwners: 1, pendingInvitations: [] })).toThrow(lastUser(false, 'user'));
  });
});
