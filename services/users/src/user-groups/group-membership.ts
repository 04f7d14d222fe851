import { Role, type GroupSettingEventValue } from '@zulip-es/contracts';
import type { GroupPermissionConfig } from './permission-settings';
import { SYSTEM_GROUPS, type SystemGroupDefinition } from './system-groups';

/** What membership needs to know of a user. */
export interface MembershipUser {
  userId: number;
  role: Role;
  isActive: boolean;
}

/** What membership needs to know of a group. */
export interface MembershipGroup {
  groupId: number;
  name: string;
  isSystemGroup: boolean;
  memberIds: readonly number[];
  subgroupIds: readonly number[];
}

const SYSTEM_BY_NAME = new Map<string, SystemGroupDefinition>(SYSTEM_GROUPS.map((g) => [g.name, g]));

/**
 * Who is in which group, recursively, for one organization. Pure: built from the groups and users
 * as they stand, it answers Zulip's membership questions without any I/O. Deactivated users are
 * members of nothing (Zulip keeps their rows but never counts them). System groups take their
 * direct members from user roles; see system-groups.ts.
 *
 * Other areas (invitations, and any service keeping its own copy of groups and roles) ask it
 * "is user X in group-setting value V" through `isInSettingValue` / `hasPermission`.
 */
export class GroupMembership {
  private readonly groups = new Map<number, MembershipGroup>();
  private readonly activeUsers = new Map<number, MembershipUser>();

  constructor(groups: Iterable<MembershipGroup>, users: Iterable<MembershipUser>) {
    for (const group of groups) this.groups.set(group.groupId, group);
    for (const user of users) if (user.isActive) this.activeUsers.set(user.userId, user);
  }

  hasGroup(groupId: number): boolean {
    return this.groups.has(groupId);
  }

  /** Direct members that count: active users (for system groups: those of the group's roles). */
  directMembers(groupId: number): number[] {
    const group = this.groups.get(groupId);
    if (!group) return [];
    const system = group.isSystemGroup ? SYSTEM_BY_NAME.get(group.name) : undefined;
    if (system)
      return [...this.activeUsers.values()]
        .filter((u) => system.directRoles.includes(u.role))
        .map((u) => u.userId)
        .sort((a, b) => a - b);
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
    if (!this.activeUsers.has(userId)) return false;
    const groupIds = options.directOnly ? [groupId] : this.withRecursiveSubgroups([groupId]);
    for (const id of groupIds) if (this.directMembers(id).includes(userId)) return true;
    return false;
  }

  /** Whether the user is in a group-setting value: a group id, or direct users plus subgroups. */
  isInSettingValue(userId: number, value: GroupSettingEventValue): boolean {
    if (typeof value === 'number') return this.isMember(userId, value);
    if (!this.activeUsers.has(userId)) return false;
    return value.directMembers.includes(userId) || value.directSubgroups.some((id) => this.isMember(userId, id));
  }

  /**
   * Zulip's `user_has_permission_for_group_setting`: membership in the setting's value, except
   * that guests never hold a permission whose setting may not be "everyone".
   */
  hasPermission(
    user: Pick<MembershipUser, 'userId' | 'role'>,
    value: GroupSettingEventValue,
    config: Pick<GroupPermissionConfig, 'allowEveryoneGroup'>,
  ): boolean {
    if (!config.allowEveryoneGroup && user.role === Role.GUEST) return false;
    return this.isInSettingValue(user.userId, value);
  }
}
