import type { GroupSettingEventValue, UserGroupPermission, UsersEvent } from '@zulip-es/contracts';

/** One named user group (`group:<id>`), as the users service keeps it. */
export interface UserGroupState {
  groupId: number;
  name: string;
  description: string;
  isSystemGroup: boolean;
  creatorId: number | null;
  dateCreated: string | null;
  /** Direct members, sorted; deactivated users stay listed (Zulip keeps their memberships) but count nowhere. Empty for system groups: see group-membership.ts. */
  memberIds: number[];
  subgroupIds: number[];
  settings: Record<UserGroupPermission, GroupSettingEventValue>;
  deactivated: boolean;
  version: number;
}

export const userGroupAggregateId = (groupId: number): string => `group:${groupId}`;

export type UserGroupEvent = Extract<UsersEvent, { type: `user_group.${string}` }>;

const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** Pure: the group after `event`. */
export function evolveUserGroup(state: UserGroupState | null, event: UserGroupEvent, sequence: number): UserGroupState {
  if (event.type === 'user_group.created.v1') {
    const { groupId, name, description, isSystemGroup, creatorId, dateCreated, memberIds, subgroupIds, settings } = event.data;
    return {
      groupId,
      name,
      description,
      isSystemGroup,
      creatorId,
      dateCreated,
      memberIds: sorted(memberIds),
      subgroupIds: sorted(subgroupIds),
      settings: { ...settings },
      deactivated: false,
      version: sequence,
    };
  }
  if (!state) throw new Error(`${event.type} for unknown group ${event.data.groupId}`);
  switch (event.type) {
    case 'user_group.updated.v1': {
      const { name, description, deactivated, settings } = event.data;
      const changedSettings = Object.fromEntries(Object.entries(settings ?? {}).filter(([, v]) => v !== undefined));
      return {
        ...state,
        name: name ?? state.name,
        description: description ?? state.description,
        deactivated: deactivated ?? state.deactivated,
        settings: { ...state.settings, ...changedSettings },
        version: sequence,
      };
    }
    case 'user_group.members_added.v1':
      return { ...state, memberIds: sorted([...state.memberIds, ...event.data.userIds]), version: sequence };
    case 'user_group.members_removed.v1': {
      const removed = new Set(event.data.userIds);
      return { ...state, memberIds: state.memberIds.filter((id) => !removed.has(id)), version: sequence };
    }
    case 'user_group.subgroups_added.v1':
      return { ...state, subgroupIds: sorted([...state.subgroupIds, ...event.data.subgroupIds]), version: sequence };
    case 'user_group.subgroups_removed.v1': {
      const removed = new Set(event.data.subgroupIds);
      return { ...state, subgroupIds: state.subgroupIds.filter((id) => !removed.has(id)), version: sequence };
    }
    case 'user_group.deactivated.v1':
      return { ...state, deactivated: true, version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`user group cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
