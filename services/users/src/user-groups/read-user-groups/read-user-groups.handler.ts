import { getIsUserGroupMember, getUserGroupMembers, getUserGroups, getUserGroupSubgroups, type OperationData } from '@zulip-es/contracts';
import { badRequest, type QueryHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { findGroup } from '../group-rules';
import { userGroupsView } from '../group-view';
import { groupsContext } from '../groups-context';
import { loadGroupsState } from '../load-groups-state';

/** GET /user_groups. */
export function getUserGroupsHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getUserGroups>> {
  return {
    kind: 'query',
    schema: getUserGroups.params,
    async handle({ data, actorId }) {
      const ctx = groupsContext(await loadGroupsState(repo, actorId));
      return { user_groups: userGroupsView(ctx, data.include_deactivated_groups) };
    },
  };
}

/** GET /user_groups/{user_group_id}/members: recursive unless `direct_member_only`. */
export function getUserGroupMembersHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getUserGroupMembers>> {
  return {
    kind: 'query',
    schema: getUserGroupMembers.params,
    async handle({ data, actorId }) {
      const ctx = groupsContext(await loadGroupsState(repo, actorId));
      const group = findGroup(ctx, data.user_group_id, { allowDeactivated: false });
      return { members: ctx.membership.members(group.groupId, { directOnly: data.direct_member_only }) };
    },
  };
}

/** GET /user_groups/{user_group_id}/subgroups: recursive unless `direct_subgroup_only`. */
export function getUserGroupSubgroupsHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getUserGroupSubgroups>> {
  return {
    kind: 'query',
    schema: getUserGroupSubgroups.params,
    async handle({ data, actorId }) {
      const ctx = groupsContext(await loadGroupsState(repo, actorId));
      const group = findGroup(ctx, data.user_group_id, { allowDeactivated: false });
      const subgroups = data.direct_subgroup_only
        ? ctx.membership.directSubgroups(group.groupId)
        : ctx.membership.recursiveSubgroups(group.groupId);
      return { subgroups };
    },
  };
}

/** GET /user_groups/{user_group_id}/members/{user_id}: membership through subgroups counts unless `direct_member_only`. */
export function getIsUserGroupMemberHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getIsUserGroupMember>> {
  return {
    kind: 'query',
    schema: getIsUserGroupMember.params,
    async handle({ data, actorId }) {
      const ctx = groupsContext(await loadGroupsState(repo, actorId));
      const group = findGroup(ctx, data.user_group_id, { allowDeactivated: false });
      const target = ctx.usersById.get(data.user_id);
      if (!target) throw badRequest('No such user');
      if (!target.isActive) throw badRequest('User is deactivated');
      return { is_user_group_member: ctx.membership.isMember(target.userId, group.groupId, { directOnly: data.direct_member_only }) };
    },
  };
}
