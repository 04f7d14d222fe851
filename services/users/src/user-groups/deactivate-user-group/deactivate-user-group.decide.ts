import {
  ALL_REALM_GROUP_SETTINGS,
  USER_GROUP_PERMISSIONS,
  type deactivateUserGroup,
  type GroupSettingEventValue,
  type OperationData,
} from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import { GroupChanges } from '../group-changes';
import { accessGroupForUpdate } from '../group-rules';
import type { GroupsContext, GroupsState } from '../groups-context';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type DeactivateUserGroup = OperationData<typeof deactivateUserGroup>;

/** POST /user_groups/{user_group_id}/deactivate: needs `can_manage_group`; refused while the group is in use. */
export function decideDeactivateUserGroup(cmd: DeactivateUserGroup, state: GroupsState): UsersNewEvent[] {
  const changes = new GroupChanges(state);
  const group = accessGroupForUpdate(changes.ctx, cmd.user_group_id, 'can_manage_group', { allowDeactivated: false });
  const objections = objectionsTo(changes.ctx, group.groupId);
  if (objections.length > 0)
    throw new DomainError('CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.', { objections });
  changes.emit({ type: 'user_group.deactivated.v1', data: { groupId: group.groupId } });
  return changes.events;
}

const uses = (value: GroupSettingEventValue, groupId: number): boolean =>
  typeof value === 'number' ? value === groupId : value.directSubgroups.includes(groupId);

/**
 * Zulip's objections (`access_user_group_for_deactivation`): active supergroups, active groups and
 * the organization whose settings name the group (directly or as a subgroup of an anonymous
 * value). Channel settings live in the messages service and are not checked here.
 */
function objectionsTo(ctx: GroupsContext, groupId: number): Record<string, unknown>[] {
  const objections: Record<string, unknown>[] = [];
  const active = ctx.groups.filter((g) => !g.deactivated);
  const supergroupIds = active.filter((g) => g.subgroupIds.includes(groupId)).map((g) => g.groupId);
  if (supergroupIds.length > 0) objections.push({ type: 'subgroup', supergroup_ids: supergroupIds });
  for (const g of active) {
    const settings = USER_GROUP_PERMISSIONS.filter((p) => uses(g.settings[p], groupId));
    if (settings.length > 0) objections.push({ type: 'user_group', group_id: g.groupId, settings });
  }
  const realmSettings = ALL_REALM_GROUP_SETTINGS.filter((s) => uses(ctx.realm.settings.groups[s], groupId));
  if (realmSettings.length > 0) objections.push({ type: 'realm', settings: realmSettings });
  return objections;
}
