import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';
import { GroupMembership } from '@zulip-es/zulip-rules';
import type { UserGroupState } from './user-group.state';

/** What every group command decides on: the organization, the caller, all groups and users. */
export interface GroupsState {
  realm: RealmState;
  actor: UserState;
  groups: readonly UserGroupState[];
  users: readonly UserState[];
}

/** The same state, indexed, with its membership graph. */
export interface GroupsContext extends GroupsState {
  byId: ReadonlyMap<number, UserGroupState>;
  usersById: ReadonlyMap<number, UserState>;
  membership: GroupMembership;
}

export function groupsContext(state: GroupsState): GroupsContext {
  return {
    ...state,
    byId: new Map(state.groups.map((g) => [g.groupId, g])),
    usersById: new Map(state.users.map((u) => [u.userId, u])),
    membership: new GroupMembership(state.groups, state.users),
  };
}
