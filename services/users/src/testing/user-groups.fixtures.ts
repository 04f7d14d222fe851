import { Role } from '@zulip-es/contracts';
import type { UserState } from '../domain/user.state';
import type { GroupsState } from '../user-groups/groups-context';
import { systemGroupsCreated } from '../user-groups/system-group-events';
import { evolveUserGroup, type UserGroupEvent, type UserGroupState } from '../user-groups/user-group.state';
import { aRealm, aUser } from './users.fixtures';

/** The eight system groups exactly as a new organization has them. */
export const systemGroups = (): UserGroupState[] =>
  systemGroupsCreated().map((e) => evolveUserGroup(null, { type: e.type, data: e.data } as UserGroupEvent, 1));

/** A user-created group: by default created by user 1, managed by its creator, without members. */
export const aGroup = (overrides: Partial<UserGroupState> = {}): UserGroupState => ({
  groupId: 20,
  name: 'team',
  description: 'The team',
  isSystemGroup: false,
  creatorId: 1,
  dateCreated: '2026-01-01T00:00:00.000Z',
  memberIds: [],
  subgroupIds: [],
  settings: {
    can_add_members_group: { directMembers: [1], directSubgroups: [] },
    can_join_group: 1,
    can_leave_group: 7,
    can_manage_group: { directMembers: [1], directSubgroups: [] },
    can_mention_group: 7,
    can_remove_members_group: 1,
  },
  deactivated: false,
  version: 1,
  ...overrides,
});

/** One user of each role: 1 owner, 2 administrator, 3 moderator, 4 member, 5 guest. */
export const oneOfEachRole = (): UserState[] => [
  aUser({ userId: 1, role: Role.OWNER }),
  aUser({ userId: 2, role: Role.ADMINISTRATOR }),
  aUser({ userId: 3, role: Role.MODERATOR }),
  aUser({ userId: 4, role: Role.MEMBER }),
  aUser({ userId: 5, role: Role.GUEST }),
];

export const asRole = (role: Role): UserState => oneOfEachRole().find((u) => u.role === role)!;

/** The organization with its system groups, `groups` and one user of each role, acting as `actor`. */
export const groupsState = (overrides: Partial<GroupsState> & { groups?: UserGroupState[] } = {}): GroupsState => ({
  realm: aRealm(),
  actor: asRole(Role.OWNER),
  users: oneOfEachRole(),
  ...overrides,
  groups: [...systemGroups(), ...(overrides.groups ?? [])],
});
