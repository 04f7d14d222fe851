import type { OperationData, updateUserGroupSubgroups } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { GroupChanges } from '../group-changes';
import type { GroupsState } from '../groups-context';
import { addSubgroups, removeSubgroups } from '../subgroup-changes';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateUserGroupSubgroups = OperationData<typeof updateUserGroupSubgroups>;

/** E14: `add` runs before `delete`, both in one decision (all or nothing). */
export function decideUpdateUserGroupSubgroups(cmd: UpdateUserGroupSubgroups, state: GroupsState): UsersNewEvent[] {
  const add = cmd.add ?? [];
  const remove = cmd.delete ?? [];
  if (add.length === 0 && remove.length === 0) throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  const changes = new GroupChanges(state);
  if (add.length > 0) addSubgroups(changes, cmd.user_group_id, add);
  if (remove.length > 0) removeSubgroups(changes, cmd.user_group_id, remove);
  return changes.events;
}
