import { Role } from '@zulip-es/contracts';
import { GroupMembership, type MembershipGroup, type MembershipUser } from '../groups/group-membership';
import { SYSTEM_GROUPS, systemGroupId } from '../groups/system-groups';

/** The eight system groups as a new organization has them. */
export const systemGroups = (): MembershipGroup[] =>
  SYSTEM_GROUPS.map((g) => ({
    groupId: g.id,
    isSystemGroup: true,
    memberIds: [],
    subgroupIds: g.subgroup ? [systemGroupId(g.subgroup)] : [],
  }));

/** A user-created group: by default id 20, without members or subgroups. */
export const aGroup = (overrides: Partial<MembershipGroup> = {}): MembershipGroup => ({
  groupId: 20,
  isSystemGroup: false,
  memberIds: [],
  subgroupIds: [],
  ...overrides,
});

/** The ids of `oneOfEachRole`. */
export const U = { owner: 1, admin: 2, moderator: 3, member: 4, guest: 5, deactivated: 6 } as const;

/** One user of each role: 1 owner, 2 administrator, 3 moderator, 4 member, 5 guest; and 6, a deactivated member. */
export const oneOfEachRole = (): MembershipUser[] => [
  { userId: U.owner, role: Role.OWNER, isActive: true },
  { userId: U.admin, role: Role.ADMINISTRATOR, isActive: true },
  { userId: U.moderator, role: Role.MODERATOR, isActive: true },
  { userId: U.member, role: Role.MEMBER, isActive: true },
  { userId: U.guest, role: Role.GUEST, isActive: true },
  { userId: U.deactivated, role: Role.MEMBER, isActive: false },
];

export const person = (userId: number): MembershipUser => oneOfEachRole().find((u) => u.userId === userId)!;

/** The organization's system groups, `extra` groups and one user of each role. */
export const membershipWith = (extra: MembershipGroup[] = [aGroup()]): GroupMembership =>
  new GroupMembership([...systemGroups(), ...extra], oneOfEachRole());
