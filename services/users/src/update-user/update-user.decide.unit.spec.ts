import { Role } from '@zulip-es/contracts';
import { aUser } from '../testing/users.fixtures';
import { decideUpdateUser } from './update-user.decide';

const owner = aUser({ userId: 1, role: Role.OWNER });
const admin = aUser({ userId: 2, role: Role.ADMINISTRATOR });
const member = aUser({ userId: 5, version: 2, fullName: 'Old' });

describe('update user', () => {
  it('changes name and role with one event each, in sequence', () => {
    expect(decideUpdateUser({ full_name: 'New', role: Role.MODERATOR }, { actor: admin, target: member, activeOwners: 1 })).toEqual([
      { type: 'user.full_name_changed.v1', aggregateId: 'user:5', sequence: 3, data: { userId: 5, fullName: 'New' } },
      { type: 'user.role_changed.v1', aggregateId: 'user:5', sequence: 4, data: { userId: 5, role: Role.MODERATOR } },
    ]);
  });

  it('produces nothing when nothing changes', () => {
    expect(decideUpdateUser({ full_name: 'Old', role: Role.MEMBER }, { actor: admin, target: member, activeOwners: 1 })).toEqual([]);
  });

  it('lets only owners grant the owner role', () => {
    expect(() => decideUpdateUser({ role: Role.OWNER }, { actor: admin, target: member, activeOwners: 1 })).toThrow(
      expect.objectContaining({ msg: 'Must be an organization owner' }),
    );
    expect(decideUpdateUser({ role: Role.OWNER }, { actor: owner, target: member, activeOwners: 1 })).toHaveLength(1);
  });

  it('keeps the owner role on the only owner', () => {
    expect(() => decideUpdateUser({ role: Role.MEMBER }, { actor: owner, target: owner, activeOwners: 1 })).toThrow(
      expect.objectContaining({ msg: 'The owner permission cannot be removed from the only organization owner.' }),
    );
  });
});
