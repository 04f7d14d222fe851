import { Role } from '@zulip-es/contracts';
import { aGroup, asRole, groupsState } from '../../testing/user-groups.fixtures';
import { aUser } from '../../testing/users.fixtures';
import { decideUpdateUserGroupMembers, type UpdateUserGroupMembers } from './update-user-group-members.decide';

const refused = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });
const users = () => [...groupsState().users, aUser({ userId: 6, isActive: false })];
const decide = (cmd: Partial<UpdateUserGroupMembers>, overrides = {}) =>
  decideUpdateUserGroupMembers(
    { user_group_id: 20, ...cmd },
    groupsState({
      users: users(),
      groups: [aGroup({ memberIds: [3], subgroupIds: [21] }), aGroup({ groupId: 21, name: 'sub' }), aGroup({ groupId: 22, name: 'other' })],
      ...overrides,
    }),
  );

describe('update user group members', () => {
  it('adds, deletes, adds and deletes subgroups, in that order', () => {
    expect(decide({ add: [4], delete: [3], add_subgroups: [22], delete_subgroups: [21] }).map((e) => [e.type, e.sequence, e.data])).toEqual(
      [
        ['user_group.members_added.v1', 2, { groupId: 20, userIds: [4] }],
        ['user_group.members_removed.v1', 3, { groupId: 20, userIds: [3] }],
        ['user_group.subgroups_added.v1', 4, { groupId: 20, subgroupIds: [22] }],
        ['user_group.subgroups_removed.v1', 5, { groupId: 20, subgroupIds: [21] }],
      ],
    );
  });

  it.each([
    [{}, 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".'],
    [{ add: [3] }, 'User 3 is already a member of this group'],
    [{ add: [99] }, 'Invalid user ID: 99'],
    [{ add: [6] }, 'Invalid user ID: 6'],
    [{ delete: [4] }, "There is no member '4' in this user group"],
    [{ delete: [99] }, 'Invalid user ID: 99'],
    [{ user_group_id: 99, add: [4] }, 'Invalid user group'],
    [{ user_group_id: 6, add: [4] }, 'Insufficient permission'],
    [{ add: [4], delete_subgroups: [22] }, 'User group 22 is not a subgroup of this group.'],
  ])('refuses %j with "%s"', (cmd, msg) => {
    expect(() => decide(cmd)).toThrow(refused(msg));
  });

  it('lets a user join through can_join_group and leave through can_leave_group, but not add or remove others', () => {
    const member = asRole(Role.MEMBER);
    const group = aGroup({ memberIds: [3], settings: { ...aGroup().settings, can_join_group: 6, can_leave_group: 7 } });
    const as = (cmd: Partial<UpdateUserGroupMembers>) => () => decide(cmd, { actor: member, groups: [group] });
    expect(as({ add: [member.userId] })()).toHaveLength(1);
    expect(as({ add: [2] })).toThrow(refused('Insufficient permission'));
    expect(as({ delete: [3] })).toThrow(refused('Insufficient permission'));
    const moderator = asRole(Role.MODERATOR);
    expect(decide({ delete: [moderator.userId] }, { actor: moderator, groups: [group] })).toHaveLength(1);
  });

  it('changes the members of a deactivated group', () => {
    expect(decide({ add: [4] }, { groups: [aGroup({ deactivated: true })] })).toHaveLength(1);
  });
});
