import { Role } from '@zulip-es/contracts';
import { aGroup, asRole, groupsState } from '../../testing/user-groups.fixtures';
import { decideUpdateUserGroupSubgroups } from './update-user-group-subgroups.decide';

const refused = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });
// 20 has subgroup 21; 22 contains 20; 23 is free; 24 is deactivated.
const groups = () => [
  aGroup({ groupId: 20, subgroupIds: [21], version: 3 }),
  aGroup({ groupId: 21, name: 'sub' }),
  aGroup({ groupId: 22, name: 'parent', subgroupIds: [20] }),
  aGroup({ groupId: 23, name: 'free' }),
  aGroup({ groupId: 24, name: 'gone', deactivated: true }),
];
const decide = (cmd: { user_group_id?: number; add?: number[]; delete?: number[] }, overrides = {}) =>
  decideUpdateUserGroupSubgroups({ user_group_id: 20, ...cmd }, groupsState({ groups: groups(), ...overrides }));

describe('update user group subgroups (E14)', () => {
  it('adds, then deletes, each as one event on the group with following sequences', () => {
    expect(decide({ add: [23], delete: [21] })).toEqual([
      { type: 'user_group.subgroups_added.v1', aggregateId: 'group:20', sequence: 4, data: { groupId: 20, subgroupIds: [23] } },
      { type: 'user_group.subgroups_removed.v1', aggregateId: 'group:20', sequence: 5, data: { groupId: 20, subgroupIds: [21] } },
    ]);
  });

  it('deletes what the same request just added', () => {
    expect(decide({ add: [23], delete: [23] }).map((e) => e.type)).toEqual([
      'user_group.subgroups_added.v1',
      'user_group.subgroups_removed.v1',
    ]);
  });

  it('changes a deactivated supergroup', () => {
    const state = groupsState({ groups: [aGroup({ groupId: 20, deactivated: true }), aGroup({ groupId: 23, name: 'free' })] });
    expect(decideUpdateUserGroupSubgroups({ user_group_id: 20, add: [23] }, state)).toHaveLength(1);
  });

  it.each([
    [{ add: [], delete: [] }, 'Nothing to do. Specify at least one of "add" or "delete".'],
    [{}, 'Nothing to do. Specify at least one of "add" or "delete".'],
    [{ add: [99] }, 'Invalid user group ID: 99'],
    [{ user_group_id: 99, add: [23] }, 'Invalid user group'],
    [{ user_group_id: 6, add: [23] }, 'Insufficient permission'],
    [{ add: [24] }, 'User group is deactivated.'],
    [{ delete: [24] }, 'User group is deactivated.'],
    [{ add: [21] }, 'User group 21 is already a subgroup of this group.'],
    [{ add: [22] }, 'User group 20 is already a subgroup of one of the passed subgroups.'],
    [{ add: [20] }, 'User group 20 is already a subgroup of one of the passed subgroups.'],
    [{ delete: [23] }, 'User group 23 is not a subgroup of this group.'],
    [{ add: [23], delete: [99] }, 'Invalid user group ID: 99'],
  ])('refuses %j with "%s"', (cmd, msg) => {
    expect(() => decide(cmd)).toThrow(refused(msg));
  });

  it('lets can_add_members_group add but not delete; can_manage_group both', () => {
    const member = asRole(Role.MEMBER);
    const adder = [
      aGroup({
        groupId: 20,
        subgroupIds: [21],
        settings: { ...aGroup().settings, can_add_members_group: { directMembers: [member.userId], directSubgroups: [] } },
      }),
      aGroup({ groupId: 21 }),
      aGroup({ groupId: 23 }),
    ];
    expect(decideUpdateUserGroupSubgroups({ user_group_id: 20, add: [23] }, groupsState({ groups: adder, actor: member }))).toHaveLength(1);
    expect(() =>
      decideUpdateUserGroupSubgroups({ user_group_id: 20, delete: [21] }, groupsState({ groups: adder, actor: member })),
    ).toThrow(refused('Insufficient permission'));
  });

  it.each([
    [Role.OWNER, true],
    [Role.ADMINISTRATOR, false],
    [Role.MODERATOR, false],
    [Role.MEMBER, false],
    [Role.GUEST, false],
  ])('role %i without group permissions may change subgroups: %s (owners hold can_manage_all_groups)', (role, allowed) => {
    const run = () =>
      decide(
        { add: [23] },
        {
          actor: asRole(role),
          groups: groups().map((g) => ({
            ...g,
            creatorId: 99,
            settings: { ...g.settings, can_manage_group: 1, can_add_members_group: 1 },
          })),
        },
      );
    if (allowed) expect(run()).toHaveLength(1);
    else expect(run).toThrow(refused('Insufficient permission'));
  });
});
