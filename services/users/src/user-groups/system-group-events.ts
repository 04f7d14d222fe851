import { USER_GROUP_PERMISSIONS, type UserGroupCreatedV1 } from '@zulip-es/contracts';
import { SYSTEM_GROUPS, systemGroupId, USER_GROUP_PERMISSION_CONFIG, type SystemGroupName } from '@zulip-es/zulip-rules';
import { userGroupAggregateId } from './user-group.state';
import type { UsersNewEvent } from '../shared/users-new-event';

/** The role-based system groups of a new organization, with Zulip's settings for system groups. */
export function systemGroupsCreated(): UsersNewEvent[] {
  return SYSTEM_GROUPS.map((group) => {
    const data: UserGroupCreatedV1['data'] = {
      groupId: group.id,
      name: group.name,
      description: group.description,
      isSystemGroup: true,
      creatorId: null,
      dateCreated: null,
      memberIds: [],
      subgroupIds: group.subgroup ? [systemGroupId(group.subgroup)] : [],
      settings: Object.fromEntries(
        USER_GROUP_PERMISSIONS.map((p) => [p, systemGroupId(USER_GROUP_PERMISSION_CONFIG[p].defaultForSystemGroups as SystemGroupName)]),
      ) as UserGroupCreatedV1['data']['settings'],
    };
    return { type: 'user_group.created.v1', aggregateId: userGroupAggregateId(group.id), sequence: 1, data };
  });
}
