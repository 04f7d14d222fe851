import type { GroupMembers } from '@zulip-es/zulip-rules';
import type { DomainEvent, DomainEventOf } from '../domain-event';

/** A user group as the fan-out needs it: who is in it, directly or through its subgroups. */
export interface DirectoryGroup extends GroupMembers {
  subgroupIds: ReadonlySet<number>;
}

export type Groups = ReadonlyMap<number, DirectoryGroup>;

/** The group events that may change who holds an existing group's settings. */
export type GroupMembershipEvent = DomainEventOf<
  'user_group.members_added.v1' | 'user_group.members_removed.v1' | 'user_group.subgroups_added.v1' | 'user_group.subgroups_removed.v1'
>;

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

const without = (ids: ReadonlySet<number>, removed: readonly number[]): Set<number> =>
  new Set([...ids].filter((id) => !removed.includes(id)));
