import { USER_GROUP_PERMISSIONS, type GroupSettingValue, type UserGroupPermission, type UserGroupReply } from '@zulip-es/contracts';
import type { GroupsContext } from './groups-context';
import { settingValueView } from './group-rules';
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
    ...permissionsView(ctx, group),
    deactivated: group.deactivated,
  };
}

/** Each permission of the group as its current value (deactivated members left out). */
function permissionsView(ctx: Pick<GroupsContext, 'usersById'>, group: UserGroupState): Record<UserGroupPermission, GroupSettingValue> {
  const view = {} as Record<UserGroupPermission, GroupSettingValue>;
  for (const name of USER_GROUP_PERMISSIONS) view[name] = settingValueView(ctx, group.settings[name]);
  return view;
}

/** Groups in id order, deactivated ones only when asked for. */
export const userGroupsView = (
  ctx: Pick<GroupsContext, 'membership' | 'usersById' | 'groups'>,
  includeDeactivated: boolean,
): UserGroupReply[] => ctx.groups.filter((g) => includeDeactivated || !g.deactivated).map((g) => userGroupView(ctx, g));
