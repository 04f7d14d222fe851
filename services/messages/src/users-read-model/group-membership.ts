import { Role, type GroupSettingEventValue } from '@zulip-es/contracts';
import { SYSTEM_GROUP_DIRECT_ROLES } from './system-groups';

export interface MembershipUser {
  userId: number;
  role: Role;
  isActive: boolean;
}

export interface MembershipGroup {
  groupId: number;
  isSystemGroup: boolean;
  memberIds: readonly number[];
  subgroupIds: readonly number[];
}

/**
 * Recursive group membership, the way `docs/events.md` defines it for consumers of
 * `users.events` ("Group-setting values", "System groups and their membership"). A small copy of
 * the users service's resolver, not a shared library: services share no domain code, and this
 * service needs only the "is this user in that setting value" question. Pure: no I/O.
 */
export class GroupMembership {
  private readonly groups = new Map<number, MembershipGroup>();
  private readonly activeUsers = new Map<number, MembershipUser>();

  constructor(groups: Iterable<MembershipGroup>, users: Iterable<MembershipUser>) {
    for (const group of groups) this.groups.set(group.groupId, group);
    for (const user of users) if (user.isActive) this.activeUsers.set(user.userId, user);
  }

  /** Whether the active user is a member of the group, directly or through subgroups. */
  isMember(userId: number, groupId: number): boolean {
    const user = this.activeUsers.get(userId);
    if (!user) return false;
    const seen = new Set<number>();
    const pending = [groupId];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const group = this.groups.get(id);
      if (!group) continue;
      if (this.isDirectMember(user, group)) return true;
      pending.push(...group.subgroupIds);
    }
    return false;
  }

  /** A group id, or direct users plus subgroups: Zulip's group-setting value. */
  isInSettingValue(userId: number, value: GroupSettingEventValue): boolean {
    if (typeof value === 'number') return this.isMember(userId, value);
    if (!this.activeUsers.has(userId)) return false;
    return value.directMembers.includes(userId) || value.directSubgroups.some((id) => this.isMember(userId, id));
  }

  /**
   * Zulip's `user_has_permission_for_group_setting`: membership in the value, except that guests
   * never hold a permission whose setting may not be "everyone".
   */
  hasPermission(
    user: Pick<MembershipUser, 'userId' | 'role'>,
    value: GroupSettingEventValue,
    config: { allowEveryoneGroup: boolean },
  ): boolean {
    if (!config.allowEveryoneGroup && user.role === Role.GUEST) return false;
    return this.isInSettingValue(user.userId, value);
  }

  private isDirectMember(user: MembershipUser, group: MembershipGroup): boolean {
    if (group.isSystemGroup) return (SYSTEM_GROUP_DIRECT_ROLES[group.groupId] ?? []).includes(user.role);
    return group.memberIds.includes(user.userId);
  }
}
