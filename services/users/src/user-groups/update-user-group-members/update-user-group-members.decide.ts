import type { OperationData, updateUserGroupMembers } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { GroupChanges } from '../group-changes';
import { canUpdateGroup, checkActiveUserIds, findGroup, INSUFFICIENT_PERMISSION } from '../group-rules';
import type { GroupsState } from '../groups-context';
import { addSubgroups, removeSubgroups } from '../subgroup-changes';
import type { UserGroupState } from '../user-group.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateUserGroupMembers = OperationData<typeof updateUserGroupMembers>;

/**
 * POST /user_groups/{user_group_id}/members: `add`, `delete`, `add_subgroups`, `delete_subgroups`
 * in that order, in one decision. Deactivated groups can change (since feature level 391).
 */
export function decideUpdateUserGroupMembers(cmd: UpdateUserGroupMembers, state: GroupsState): UsersNewEvent[] {
  const add = cmd.add ?? [];
  const remove = cmd.delete ?? [];
  const addSub = cmd.add_subgroups ?? [];
  const removeSub = cmd.delete_subgroups ?? [];
  if (add.length + remove.length + addSub.length + removeSub.length === 0) {
    throw badRequest('Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".');
  }
  const changes = new GroupChanges(state);
  if (add.length > 0) addMembers(changes, cmd.user_group_id, add);
  if (remove.length > 0) removeMembers(changes, cmd.user_group_id, remove);
  if (addSub.length > 0) addSubgroups(changes, cmd.user_group_id, addSub);
  if (removeSub.length > 0) removeSubgroups(changes, cmd.user_group_id, removeSub);
  return changes.events;
}

/** Joining oneself needs `can_join_group` or `can_add_members_group`; adding others the latter. */
function addMembers(changes: GroupChanges, groupId: number, userIds: number[]): void {
  const { ctx } = changes;
  const group = findGroup(ctx, groupId, { allowDeactivated: true });
  const self = userIds.length === 1 && userIds[0] === ctx.actor.userId;
  requireEither(changes, group, self ? ['can_join_group', 'can_add_members_group'] : ['can_add_members_group']);
  const ids = checkActiveUserIds(ctx, userIds);
  const already = ids.find((id) => group.memberIds.includes(id));
  if (already !== undefined) throw badRequest(`User ${already} is already a member of this group`);
  changes.emit({ type: 'user_group.members_added.v1', data: { groupId, userIds: [...ids].sort((a, b) => a - b) } });
}

/** Leaving oneself needs `can_leave_group` or `can_remove_members_group`; removing others the latter. */
function removeMembers(changes: GroupChanges, groupId: number, userIds: number[]): void {
  const { ctx } = changes;
  const ids = checkActiveUserIds(ctx, userIds);
  const group = findGroup(ctx, groupId, { allowDeactivated: true });
  const self = userIds.length === 1 && userIds[0] === ctx.actor.userId;
  requireEither(changes, group, self ? ['can_leave_group', 'can_remove_members_group'] : ['can_remove_members_group']);
  const absent = ids.find((id) => !group.memberIds.includes(id));
  if (absent !== undefined) throw badRequest(`There is no member '${absent}' in this user group`);
  changes.emit({ type: 'user_group.members_removed.v1', data: { groupId, userIds: [...ids].sort((a, b) => a - b) } });
}

function requireEither(changes: GroupChanges, group: UserGroupState, permissions: Parameters<typeof canUpdateGroup>[3][]): void {
  if (!permissions.some((p) => canUpdateGroup(changes.ctx, changes.ctx.actor, group, p))) throw badRequest(INSUFFICIENT_PERMISSION);
}
