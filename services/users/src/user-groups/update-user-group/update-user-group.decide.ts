import {
  USER_GROUP_PERMISSIONS,
  type GroupSettingEventValue,
  type OperationData,
  type updateUserGroup,
  type UserGroupPermission,
  type UserGroupUpdatedV1,
} from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { GroupChanges } from '../group-changes';
import { accessGroupForUpdate, checkGroupName, checkNameFree, checkSettingValue, currentSettingValue, staleOldValue } from '../group-rules';
import type { GroupsState } from '../groups-context';
import { parseGroupSettingValue, settingValueChanges, USER_GROUP_PERMISSION_CONFIG } from '@zulip-es/zulip-rules';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateUserGroup = OperationData<typeof updateUserGroup>;

/**
 * PATCH /user_groups/{user_group_id}: needs `can_manage_group` (or `can_manage_all_groups`), works
 * on deactivated groups too, and reactivates one with `deactivated=false`. One event carries every
 * field that changed; nothing changes when any part is refused.
 */
export function decideUpdateUserGroup(cmd: UpdateUserGroup, state: GroupsState): UsersNewEvent[] {
  const permissionsSent = USER_GROUP_PERMISSIONS.filter((p) => cmd[p] !== undefined);
  if (cmd.name === undefined && cmd.description === undefined && cmd.deactivated === undefined && permissionsSent.length === 0) {
    throw badRequest('No new data supplied');
  }
  const changes = new GroupChanges(state);
  const { ctx } = changes;
  const group = accessGroupForUpdate(ctx, cmd.user_group_id, 'can_manage_group', { allowDeactivated: true });
  const data: UserGroupUpdatedV1['data'] = { groupId: group.groupId };
  if (cmd.name !== undefined && cmd.name !== group.name) {
    data.name = checkGroupName(cmd.name);
    checkNameFree(ctx, data.name);
  }
  if (cmd.description !== undefined && cmd.description !== group.description) data.description = cmd.description;
  if (cmd.deactivated === false && group.deactivated) data.deactivated = false;
  const settings: Partial<Record<UserGroupPermission, GroupSettingEventValue>> = {};
  for (const permission of permissionsSent) {
    const change = cmd[permission]!;
    const next = parseGroupSettingValue(change.new);
    const expected = change.old === undefined ? undefined : parseGroupSettingValue(change.old);
    if (settingValueChanges(currentSettingValue(ctx, group.settings[permission]), next, expected, staleOldValue)) {
      settings[permission] = checkSettingValue(ctx, permission, USER_GROUP_PERMISSION_CONFIG[permission], next);
    }
  }
  if (Object.keys(settings).length > 0) data.settings = settings;
  if (Object.keys(data).length > 1) changes.emit({ type: 'user_group.updated.v1', data });
  return changes.events;
}
