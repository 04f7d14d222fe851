import { Controller, Inject } from '@nestjs/common';
import { getIsUserGroupMember, getUserGroupMembers, getUserGroups, getUserGroupSubgroups, type ReplyOf } from '@zulip-es/contracts';
import { badRequest, QueryPattern, type OperationContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { findGroup } from '../group-rules';
import { userGroupsView } from '../group-view';
import { groupsContext } from '../groups-context';
import { loadGroupsState } from '../load-groups-state';

@Controller()
export class ReadUserGroupsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** GET /user_groups. */
  @QueryPattern(getUserGroups)
  async groups({ data, actorId }: OperationContext<typeof getUserGroups>): Promise<ReplyOf<typeof getUserGroups>> {
    const ctx = groupsContext(await loadGroupsState(this.deps.repo, actorId));
    return { user_groups: userGroupsView(ctx, data.include_deactivated_groups) };
  }

  /** GET /user_groups/{user_group_id}/members: recursive unless `direct_member_only`. */
  @QueryPattern(getUserGroupMembers)
  async members({ data, actorId }: OperationContext<typeof getUserGroupMembers>): Promise<ReplyOf<typeof getUserGroupMembers>> {
    const ctx = groupsContext(await loadGroupsState(this.deps.repo, actorId));
    const group = findGroup(ctx, data.user_group_id, { allowDeactivated: false });
    return { members: ctx.membership.members(group.groupId, { directOnly: data.direct_member_only }) };
  }

  /** GET /user_groups/{user_group_id}/subgroups: recursive unless `direct_subgroup_only`. */
  @QueryPattern(getUserGroupSubgroups)
  async subgroups({ data, actorId }: OperationContext<typeof getUserGroupSubgroups>): Promise<ReplyOf<typeof getUserGroupSubgroups>> {
    const ctx = groupsContext(await loadGroupsState(this.deps.repo, actorId));
    const group = findGroup(ctx, data.user_group_id, { allowDeactivated: false });
    const subgroups = data.direct_subgroup_only
      ? ctx.membership.directSubgroups(group.groupId)
      : ctx.membership.recursiveSubgroups(group.groupId);
    return { subgroups };
  }

  /** GET /user_groups/{user_group_id}/members/{user_id}: membership through subgroups counts unless `direct_member_only`. */
  @QueryPattern(getIsUserGroupMember)
  async isMember({ data, actorId }: OperationContext<typeof getIsUserGroupMember>): Promise<ReplyOf<typeof getIsUserGroupMember>> {
    const ctx = groupsContext(await loadGroupsState(this.deps.repo, actorId));
    const group = findGroup(ctx, data.user_group_id, { allowDeactivated: false });
    const target = ctx.usersById.get(data.user_id);
    if (!target) throw badRequest('No such user');
    if (!target.isActive) throw badRequest('User is deactivated');
    return { is_user_group_member: ctx.membership.isMember(target.userId, group.groupId, { directOnly: data.direct_member_only }) };
  }
}
