import { Role } from '@zulip-es/contracts';
import { aGroup, asRole, groupsState } from '../../testing/user-groups.fixtures';
import { decideUpdateUserGroup, type UpdateUserGroup } from './update-user-group.decide';

const refused = (msg: string, code = 'BAD_REQUEST') => expect.objectContaining({ code, msg });
const decide = (cmd: Partial<UpdateUserGroup>, overrides = {}) =>
  decideUpdateUserGroup(
    { user_group_id: 20, ...cmd },
    groupsState({
      groups: [aGroup({ version: 2 }), aGroup({ groupId: 21, name: 'other' }), aGroup({ groupId: 22, name: 'gone', deactivated: true })],
      ...overrides,
    }),
  );

describe('update user group', () => {
  it('puts every changed field in one event, leaving unchanged ones out', () => {
    expect(
      decide({
        name: 'renamed',
        description: 'The team',
        can_mention_group: { new: 6, old: 7 },
        can_join_group: { new: 1, old: undefined },
      }),
    ).toEqual([
      {
        type: 'user_group.updated.v1',
        aggregateId: 'group:20',
        sequence: 3,
        data: { groupId: 20, name: 'renamed', settings: { can_mention_group: 6 } },
      },
    ]);
  });

  it('publishes nothing when nothing changes', () => {
    expect(decide({ name: 'team', description: 'The team' })).toEqual([]);
  });

  it('reactivates a deactivated group with deactivated=false, and ignores true', () => {
    expect(decide({ user_group_id: 22, deactivated: false })[0].data).toEqual({ groupId: 22, deactivated: false });
    expect(decide({ user_group_id: 22, deactivated: true })).toEqual([]);
  });

  it('lets the creator (can_manage_group) and owners (can_manage_all_groups) edit; nobody else', () => {
    expect(decide({ description: 'x' }, { actor: asRole(Role.OWNER) })).toHaveLength(1);
    const managedByMember = [
      aGroup({ creatorId: 4, settings: { ...aGroup().settings, can_manage_group: { directMembers: [4], directSubgroups: [] } } }),
    ];
    expect(decide({ description: 'x' }, { actor: asRole(Role.MEMBER), groups: managedByMember })).toHaveLength(1);
    for (const role of [Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST]) {
      expect(() => decide({ description: 'x' }, { actor: asRole(role) })).toThrow(refused('Insufficient permission'));
    }
  });

  it.each<[Partial<UpdateUserGroup>, string, string]>([
    [{}, 'No new data supplied', 'BAD_REQUEST'],
    [{ user_group_id: 99, name: 'x' }, 'Invalid user group', 'BAD_REQUEST'],
    [{ user_group_id: 3, description: 'x' }, 'Insufficient permission', 'BAD_REQUEST'],
    [{ name: 'other' }, "User group 'other' already exists.", 'BAD_REQUEST'],
    [{ name: 'role:x' }, "User group name cannot start with 'role:'.", 'BAD_REQUEST'],
    [{ can_join_group: { new: 4, old: 5 } }, "'old' value does not match the expected value.", 'EXPECTATION_MISMATCH'],
    [{ can_join_group: { new: 22, old: undefined } }, 'User group is deactivated.', 'BAD_REQUEST'],
    [{ can_manage_group: { new: 7, old: undefined } }, "'can_manage_group' setting cannot be set to 'role:everyone' group.", 'BAD_REQUEST'],
  ])('refuses %j with "%s"', (cmd, msg, code) => {
    expect(() => decide(cmd)).toThrow(refused(msg, code));
  });

  it('accepts an old value equal to the current one in either form', () => {
    expect(decide({ can_manage_group: { new: 4, old: { direct_members: [1], direct_subgroups: [] } } })[0].data).toEqual({
      groupId: 20,
      settings: { can_manage_group: 4 },
    });
  });
});
