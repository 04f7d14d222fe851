import { Role, type GroupSettingEventValue } from '@zulip-es/contracts';
import type { DomainEvent, DomainEventOf } from '../domain-event';

/** A user group as the fan-out needs it: who is in it, directly or through its subgroups. */
export interface DirectoryGroup {
  isSystemGroup: boolean;
  memberIds: ReadonlySet<number>;
  subgroupIds: ReadonlySet<number>;
}

export type Groups = ReadonlyMap<number, DirectoryGroup>;

/** The group events that may change who holds an existing group's settings. */
export type GroupMembershipEvent = DomainEventOf<
  'user_group.members_added.v1' | 'user_group.members_removed.v1' | 'user_group.subgroups_added.v1' | 'user_group.subgroups_removed.v1'
>;

/**
 * Direct members of Zulip's role-based system groups (ids 1–8 in `docs/events.md`; everyone
 * else reaches one through its subgroups, each holding the previous one).
 */
const SYSTEM_GROUP_DIRECT_ROLES: Readonly<Record<number, readonly Role[]>> = {
  2: [Role.OWNER],
  3: [Role.ADMINISTRATOR],
  4: [Role.MODERATOR],
  5: [Role.MEMBER],
  6: [Role.MEMBER],
  7: [Role.GUEST],
};

/** The groups once `event` is applied; the same map for any other event. */
export function evolveGroups(groups: Groups, event: DomainEvent): Map<number, DirectoryGroup> {
  const next = new Map(groups);
  const change = (groupId: number, update: (group: DirectoryGroup) => Partial<DirectoryGroup>): void => {
    const group = next.get(groupId);
    if (group) next.set(groupId, { ...group, ...update(group) });
  };
  switch (event.type) {
    case 'user_group.created.v1':
      next.set(event.data.groupId, {
        isSystemGroup: event.data.isSystemGroup,
        memberIds: new Set(event.data.memberIds),
        subgroupIds: new Set(event.data.subgroupIds),
      });
      break;
    case 'user_group.members_added.v1':
      change(event.data.groupId, (g) => ({ memberIds: new Set([...g.memberIds, ...event.data.userIds]) }));
      break;
    case 'user_group.members_removed.v1':
      change(event.data.groupId, (g) => ({ memberIds: without(g.memberIds, event.data.userIds) }));
      break;
    case 'user_group.subgroups_added.v1':
      change(event.data.groupId, (g) => ({ subgroupIds: new Set([...g.subgroupIds, ...event.data.subgroupIds]) }));
      break;
    case 'user_group.subgroups_removed.v1':
      change(event.data.groupId, (g) => ({ subgroupIds: without(g.subgroupIds, event.data.subgroupIds) }));
      break;
    default:
      break;
  }
  return next;
}

/**
 * Whether the user is in a group-setting value (a group id, or direct members and subgroups),
 * recursively. Guests are left out: the settings that grant channel metadata access may not
 * be "everyone" (Zulip's `user_has_permission_for_group_setting`).
 */
export function inGroupSetting(groups: Groups, user: { userId: number; role: Role }, value: GroupSettingEventValue): boolean {
  if (user.role === Role.GUEST) return false;
  if (typeof value === 'number') return isMember(groups, user, value);
  return value.directMembers.includes(user.userId) || value.directSubgroups.some((id) => isMember(groups, user, id));
}

function isMember(groups: Groups, user: { userId: number; role: Role }, groupId: number): boolean {
  const seen = new Set<number>();
  const pending = [groupId];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const group = groups.get(id);
    if (!group) continue;
    if (group.isSystemGroup ? (SYSTEM_GROUP_DIRECT_ROLES[id] ?? []).includes(user.role) : group.memberIds.has(user.userId)) return true;
    pending.push(...group.subgroupIds);
  }
  return false;
}

const without = (ids: ReadonlySet<number>, removed: readonly number[]): Set<number> =>
  new Set([...ids].filter((id) => !removed.includes(id)));
