import { groupsContext, type GroupsContext, type GroupsState } from './groups-context';
import { evolveUserGroup, userGroupAggregateId, type UserGroupEvent } from './user-group.state';
import type { UsersNewEvent } from '../shared/users-new-event';

/**
 * The events one group command decides, each decided on the state the previous ones left (Zulip
 * runs `add` before `delete` in one transaction), with each group's sequence following on.
 */
export class GroupChanges {
  readonly events: UsersNewEvent[] = [];
  private current: GroupsContext;

  constructor(private state: GroupsState) {
    this.current = groupsContext(state);
  }

  get ctx(): GroupsContext {
    return this.current;
  }

  emit(event: UserGroupEvent): void {
    const { groupId } = event.data;
    const before = this.current.byId.get(groupId) ?? null;
    const sequence = (before?.version ?? 0) + 1;
    const after = evolveUserGroup(before, event, sequence);
    this.events.push({ ...event, aggregateId: userGroupAggregateId(groupId), sequence });
    const groups = before ? this.state.groups.map((g) => (g.groupId === groupId ? after : g)) : [...this.state.groups, after];
    this.state = { ...this.state, groups };
    this.current = groupsContext(this.state);
  }
}
