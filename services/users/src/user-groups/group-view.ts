import { USER_GROUP_PERMISSIONS, type UserGroupReply } from '@zulip-es/contracts';
import { settingValuesView } from '@zulip-es/zulip-rules';
import type { GroupsContext } from './groups-context';
import { isActiveIn } from './group-rules';
import type { UserGroupState } from './user-group.state';

/** A group as Zulip's API shows it (the `UserGroup` schema of GET /user_groups and POST /register). */
export function userGroupView(ctx: Pick<GroupsContext, 'membership' | 'usersById'>, group: UserGroupState): UserGroupReply {
  return {
    id: group.groupId,
    name: group.name,
    description: group.description,
    members: ctx.membership.directMembers(group.groupId),
    direct_subgroup_ids: ctx.membership.directSubgroups(group.groupId),
    creator_id: group.creatorId,
    date_created: group.dateCreated === null ? null : Math.floor(Date.parse(group.dateCreated) / 1000),
    is_system_group: group.isSystemGroup,
    ...settingValuesView(USER_GROUP_PERMISSIONS, group.settings, isActiveIn(ctx)),
    deactivated: group.deactivated,
  };
}

/** Groups in id order, deactivated ones only when asked for. */
export const userGroupsView = (
  ctx: Pick<GroupsContext, 'membership' | 'usersById' | 'groups'>,
  includeDeactivated: boolean,
): UserGroupReply[] => ctx.groups.filter((g) => includeDeactivated || !g.deactivated).map((g) => userGroupView(ctx, g));
