import { Role, type GroupSettingEventValue } from '@zulip-es/contracts';
import { systemGroupDirectRoles } from './system-groups';

/** What membership needs to know of a user. */
export interface MembershipUser {
  userId: number;
  role: Role;
  isActive: boolean;
}

/** What membership needs to know of a group. */
export interface MembershipGroup {
  groupId: number;
  isSystemGroup: boolean;
  memberIds: readonly number[];
  subgroupIds: readonly number[];
}

/** A group as membership is resolved on it: its direct members as a set. */
export interface GroupMembers {
  isSystemGroup: boolean;
  memberIds: ReadonlySet<number>;
  subgroupIds: Iterable<number>;
}

/** Groups by id. */
export type GroupsById = ReadonlyMap<number, GroupMembers>;

/** A user known to be active: who they are and their role, which makes them members of system groups. */
export type ActiveMember = Pick<MembershipUser, 'userId' | 'role'>;

/** What a group-valued setting says of who may hold it (Zulip's `GroupPermissionSetting`). */
export interface HoldersConfig {
  /** False: guests never hold the permission, whatever the value says. */
  allowEveryoneGroup: boolean;
}

/** Answers Zulip's `user_has_permission_for_group_setting` (a `GroupMembership`, or groups kept elsewhere). */
export interface PermissionCheck {
  hasPermission(user: ActiveMember, value: GroupSettingEventValue, config: HoldersConfig): boolean;
}

/**
 * Whether the active user is a member of the group, directly or through subgroups, recursively
 * (system groups take their direct members from roles). Unknown groups have no members; a cycle
 * ends.
 */
export function isGroupMember(groups: GroupsById, user: ActiveMember, groupId: number): boolean {
  const seen = new Set<number>();
  const pending = [groupId];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const group = groups.get(id);
    if (!group) continue;
    if (isDirectMember(user, id, group)) return true;
    pending.push(...group.subgroupIds);
  }
  return false;
}

const isDirectMember = (user: ActiveMember, groupId: number, group: GroupMembers): boolean =>
  group.isSystemGroup ? systemGroupDirectRoles(groupId).includes(user.role) : group.memberIds.has(user.userId);

/** Whether the active user is in a group-setting value: a group id, or direct users plus subgroups. */
export function isInGroupSettingValue(groups: GroupsById, user: ActiveMember, value: GroupSettingEventValue): boolean {
  if (typeof value === 'number') return isGroupMember(groups, user, value);
  return value.directMembers.includes(user.userId) || value.directSubgroups.some((id) => isGroupMember(groups, user, id));
}

/**
 * Zulip's `user_has_permission_for_group_setting` for an active user: membership in the setting's
 * value, except that guests never hold a permission whose setting may not be "everyone".
 */
export function hasPermissionForGroupSetting(
  groups: GroupsById,
  user: ActiveMember,
  value: GroupSettingEventValue,
  config: HoldersConfig,
): boolean {
  if (!config.allowEveryoneGroup && user.role === Role.GUEST) return false;
  return isInGroupSettingValue(groups, user, value);
}

/**
 * Who is in which group, recursively, for one organization. Pure: built from the groups and users
 * as they stand, it answers Zulip's membership questions without any I/O. Deactivated users are
 * members of nothing (Zulip keeps their rows but never counts them). System groups take their
 * direct members from user roles; see system-groups.ts.
 */
export class GroupMembership implements PermissionCheck {
  private readonly groups = new Map<number, MembershipGroup>();
  private readonly byId = new Map<number, GroupMembers>();
  private readonly activeUsers = new Map<number, MembershipUser>();

  constructor(groups: Iterable<MembershipGroup>, users: Iterable<MembershipUser>) {
    for (const group of groups) {
      this.groups.set(group.groupId, group);
      this.byId.set(group.groupId, {
        isSystemGroup: group.isSystemGroup,
        memberIds: new Set(group.memberIds),
        subgroupIds: group.subgroupIds,
      });
    }
    for (const user of users) if (user.isActive) this.activeUsers.set(user.userId, user);
  }

  hasGroup(groupId: number): boolean {
    return this.groups.has(groupId);
  }

  /** Direct members that count: active users (for system groups: those of the group's roles). */
  directMembers(groupId: number): number[] {
    const group = this.groups.get(groupId);
    if (!group) return [];
    if (group.isSystemGroup) {
      const roles = systemGroupDirectRoles(groupId);
      return [...this.activeUsers.values()]
        .filter((u) => roles.includes(u.role))
        .map((u) => u.userId)
        .sort((a, b) => a - b);
    }
    return group.memberIds.filter((id) => this.activeUsers.has(id));
  }

  directSubgroups(groupId: number): number[] {
    return [...(this.groups.get(groupId)?.subgroupIds ?? [])];
  }

  /** The given groups and every group below them (Zulip's recursive subgroup query). */
  withRecursiveSubgroups(groupIds: Iterable<number>): Set<number> {
    const seen = new Set<number>();
    const pending = [...groupIds].filter((id) => this.groups.has(id));
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(...this.directSubgroups(id));
    }
    return seen;
  }

  /** Every group strictly below `groupId`. */
  recursiveSubgroups(groupId: number): number[] {
    return [...this.withRecursiveSubgroups(this.directSubgroups(groupId))].sort((a, b) => a - b);
  }

  /** Members of the group and of all its subgroups, sorted. */
  members(groupId: number, options: { directOnly?: boolean } = {}): number[] {
    if (options.directOnly) return this.directMembers(groupId);
    const ids = new Set<number>();
    for (const id of this.withRecursiveSubgroups([groupId])) for (const member of this.directMembers(id)) ids.add(member);
    return [...ids].sort((a, b) => a - b);
  }

  isMember(userId: number, groupId: number, options: { directOnly?: boolean } = {}): boolean {
    const user = this.activeUsers.get(userId);
    if (!user) return false;
    if (!options.directOnly) return isGroupMember(this.byId, user, groupId);
    const group = this.byId.get(groupId);
    return group !== undefined && isDirectMember(user, groupId, group);
  }

  /** Whether the user is in a group-setting value: a group id, or direct users plus subgroups. */
  isInSettingValue(userId: number, value: GroupSettingEventValue): boolean {
    const user = this.activeUsers.get(userId);
    return user !== undefined && isInGroupSettingValue(this.byId, user, value);
  }

  /**
   * Zulip's `user_has_permission_for_group_setting`: membership in the setting's value, except
   * that guests never hold a permission whose setting may not be "everyone".
   */
  hasPermission(user: ActiveMember, value: GroupSettingEventValue, config: HoldersConfig): boolean {
    if (!config.allowEveryoneGroup && user.role === Role.GUEST) return false;
    return this.isInSettingValue(user.userId, value);
  }
}
