import { Role } from '@zulip-es/contracts';
import { aGroup, asRole, groupsState } from '../../testing/user-groups.fixtures';
import { aRealm, aUser, DEFAULT_REALM_SETTINGS } from '../../testing/users.fixtures';
import { decideCreateUserGroup, type CreateUserGroup } from './create-user-group.decide';

const now = new Date('2026-02-03T04:05:06.000Z');
const refused = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });
const cmd = (overrides: Partial<CreateUserGroup> = {}): CreateUserGroup => ({
  name: 'support',
  description: 'Support team',
  members: [4, 3],
  ...overrides,
});
const given = (overrides = {}) => ({
  ...groupsState({
    users: [...groupsState().users, aUser({ userId: 6, isActive: false })],
    groups: [aGroup({ groupId: 20, name: 'taken' }), aGroup({ groupId: 21, name: 'gone', deactivated: true })],
    ...overrides,
  }),
  lastGroupId: 21,
});

describe('create user group', () => {
  it("creates the next group, managed by its creator, with Zulip's defaults", () => {
    const [event] = decideCreateUserGroup(cmd({ subgroups: [20] }), given({ actor: asRole(Role.MEMBER) }), now);
    expect(event).toEqual({
      type: 'user_group.created.v1',
      aggregateId: 'group:22',
      sequence: 1,
      data: {
        groupId: 22,
        name: 'support',
        description: 'Support team',
        isSystemGroup: false,
        creatorId: 4,
        dateCreated: now.toISOString(),
        memberIds: [3, 4],
        subgroupIds: [20],
        settings: {
          can_add_members_group: { directMembers: [4], directSubgroups: [] },
          can_join_group: 1,
          can_leave_group: 7,
          can_manage_group: { directMembers: [4], directSubgroups: [] },
          can_mention_group: 7,
          can_remove_members_group: 1,
        },
      },
    });
  });

  it('takes settings as group ids or anonymous values, one subgroup alone meaning that group, nothing meaning nobody', () => {
    const [event] = decideCreateUserGroup(
      cmd({
        can_manage_group: 4,
        can_join_group: { direct_members: [], direct_subgroups: [6] },
        can_leave_group: { direct_members: [], direct_subgroups: [] },
        can_mention_group: { direct_members: [5, 3], direct_subgroups: [20] },
      }),
      given(),
      now,
    );
    expect(event).toMatchObject({
      data: {
        settings: {
          can_manage_group: 4,
          can_join_group: 6,
          can_leave_group: 1,
          can_mention_group: { directMembers: [3, 5], directSubgroups: [20] },
        },
      },
    });
  });

  it.each<[Partial<CreateUserGroup>, string]>([
    [{ members: [99] }, 'Invalid user ID: 99'],
    [{ members: [6] }, 'Invalid user ID: 6'],
    [{ name: '  ' }, "User group name can't be empty!"],
    [{ name: 'x'.repeat(101) }, 'User group name cannot exceed 100 characters.'],
    [{ name: '@team' }, "User group name cannot start with '@'."],
    [{ name: 'channel:x' }, "User group name cannot start with 'channel:'."],
    [{ name: 'taken' }, "User group 'taken' already exists."],
    [{ name: 'gone' }, "User group 'gone' already exists."],
    [{ subgroups: [99] }, 'Invalid user group ID: 99'],
    [{ subgroups: [21] }, 'User group is deactivated.'],
    [{ can_manage_group: 99 }, 'Invalid user group'],
    [{ can_manage_group: 21 }, 'User group is deactivated.'],
    [{ can_manage_group: 7 }, "'can_manage_group' setting cannot be set to 'role:everyone' group."],
    [{ can_add_members_group: 8 }, "'can_add_members_group' setting cannot be set to 'role:internet' group."],
    [{ can_mention_group: { direct_members: [99], direct_subgroups: [] } }, 'Invalid user ID: 99'],
    [{ can_mention_group: { direct_members: [3], direct_subgroups: [99] } }, 'Invalid user group ID: 99'],
  ])('refuses %j with "%s"', (overrides, msg) => {
    expect(() => decideCreateUserGroup(cmd(overrides), given(), now)).toThrow(refused(msg));
  });

  it('follows can_create_groups', () => {
    const realm = aRealm({ settings: { ...DEFAULT_REALM_SETTINGS, groups: { ...DEFAULT_REALM_SETTINGS.groups, can_create_groups: 4 } } });
    expect(() => decideCreateUserGroup(cmd(), given({ realm, actor: asRole(Role.MEMBER) }), now)).toThrow(
      refused('Insufficient permission'),
    );
    expect(decideCreateUserGroup(cmd(), given({ realm, actor: asRole(Role.MODERATOR) }), now)).toHaveLength(1);
  });

  it('never lets guests create groups, even when the setting names them', () => {
    const realm = aRealm({
      settings: {
        ...DEFAULT_REALM_SETTINGS,
        groups: { ...DEFAULT_REALM_SETTINGS.groups, can_create_groups: { directMembers: [5], directSubgroups: [] } },
      },
    });
    expect(() => decideCreateUserGroup(cmd(), given({ realm, actor: asRole(Role.GUEST) }), now)).toThrow(
      refused('Insufficient permission'),
    );
  });
});
