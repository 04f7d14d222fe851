import { badRequest } from '@zulip-es/platform';
import type { GroupChanges } from './group-changes';
import { accessGroupForUpdate, checkPotentialSubgroups } from './group-rules';

/**
 * Adds subgroups (E14 `add`, members endpoint `add_subgroups`): the supergroup needs
 * `can_add_members_group` and may be deactivated; the subgroups must exist, be active, be new
 * and must not contain the supergroup (no cycles, no group inside itself).
 */
export function addSubgroups(changes: GroupChanges, supergroupId: number, subgroupIds: readonly number[]): void {
  const supergroup = accessGroupForUpdate(changes.ctx, supergroupId, 'can_add_members_group', { allowDeactivated: true });
  const ids = checkPotentialSubgroups(changes.ctx, subgroupIds);
  const already = ids.find((id) => supergroup.subgroupIds.includes(id));
  if (already !== undefined) throw badRequest(`User group ${already} is already a subgroup of this group.`);
  if (changes.ctx.membership.withRecursiveSubgroups(ids).has(supergroupId)) {
    throw badRequest(`User group ${supergroupId} is already a subgroup of one of the passed subgroups.`);
  }
  changes.emit({ type: 'user_group.subgroups_added.v1', data: { groupId: supergroupId, subgroupIds: [...ids].sort((a, b) => a - b) } });
}

/** Removes direct subgroups (E14 `delete`, members endpoint `delete_subgroups`): needs `can_manage_group`. */
export function removeSubgroups(changes: GroupChanges, supergroupId: number, subgroupIds: readonly number[]): void {
  const supergroup = accessGroupForUpdate(changes.ctx, supergroupId, 'can_manage_group', { allowDeactivated: true });
  const ids = checkPotentialSubgroups(changes.ctx, subgroupIds);
  const absent = ids.find((id) => !supergroup.subgroupIds.includes(id));
  if (absent !== undefined) throw badRequest(`User group ${absent} is not a subgroup of this group.`);
  changes.emit({ type: 'user_group.subgroups_removed.v1', data: { groupId: supergroupId, subgroupIds: [...ids].sort((a, b) => a - b) } });
}
