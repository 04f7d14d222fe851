import {
  USER_GROUP_PERMISSIONS,
  type createUserGroup,
  type GroupSettingEventValue,
  type OperationData,
  type UserGroupPermission,
} from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { GroupChanges } from '../group-changes';
import {
  checkActiveUserIds,
  checkGroupName,
  checkNameFree,
  checkPotentialSubgroups,
  checkSettingValue,
  hasRealmPermission,
  INSUFFICIENT_PERMISSION,
} from '../group-rules';
import type { GroupsState } from '../groups-context';
import { parseGroupSettingValue, systemGroupId, USER_GROUP_PERMISSION_CONFIG } from '@zulip-es/zulip-rules';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type CreateUserGroup = OperationData<typeof createUserGroup>;

export interface CreateUserGroupState extends GroupsState {
  lastGroupId: number;
}

/** POST /user_groups/create, in Zulip's order of checks; the new group's id is the next one. */
export function decideCreateUserGroup(cmd: CreateUserGroup, state: CreateUserGroupState, now: Date): UsersNewEvent[] {
  const changes = new GroupChanges(state);
  const { ctx } = changes;
  if (!hasRealmPermission(ctx.membership, ctx.actor, ctx.realm, 'can_create_groups')) throw badRequest(INSUFFICIENT_PERMISSION);
  const memberIds = checkActiveUserIds(ctx, cmd.members);
  const name = checkGroupName(cmd.name);
  const settings = {} as Record<UserGroupPermission, GroupSettingEventValue>;
  for (const permission of USER_GROUP_PERMISSIONS) {
    const config = USER_GROUP_PERMISSION_CONFIG[permission];
    const requested = cmd[permission];
    if (requested !== undefined) settings[permission] = checkSettingValue(ctx, permission, config, parseGroupSettingValue(requested));
    else if (config.defaultGroup === 'group_creator') settings[permission] = { directMembers: [ctx.actor.userId], directSubgroups: [] };
    else settings[permission] = systemGroupId(config.defaultGroup);
  }
  checkNameFree(ctx, name);
  // Subgroups may be given regardless of the creator's permissions on the new group.
  const subgroupIds = checkPotentialSubgroups(ctx, cmd.subgroups ?? []);
  changes.emit({
    type: 'user_group.created.v1',
    data: {
      groupId: state.lastGroupId + 1,
      name,
      description: cmd.description,
      isSystemGroup: false,
      creatorId: ctx.actor.userId,
      dateCreated: now.toISOString(),
      memberIds: [...memberIds].sort((a, b) => a - b),
      subgroupIds: [...subgroupIds].sort((a, b) => a - b),
      settings,
    },
  });
  return changes.events;
}
