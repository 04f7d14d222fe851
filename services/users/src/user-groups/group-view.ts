import { USER_GROUP_PERMISSIONS } from '@zulip-es/contracts';
import type { GroupsContext } from './groups-context';
import { settingValueView } from './group-rules';
import type { UserGroupState } from './user-group.state';

/** A group as Zulip's API shows it (the `UserGroup` schema of GET /user_groups and POST /register). */
export function userGroupView(ctx: Pick<GroupsContext, 'membership' | 'usersById'>, group: UserGroupState): Record<string, unknown> {
  return {
    id: group.groupId,
    name: group.name,
    description: group.description,
    members: ctx.membership.directMembers(group.groupId),
    direct_subgroup_ids: ctx.membership.directSubgroups(group.groupId),
    creator_id: group.creatorId,
    date_created: group.dateCreated === null ? null : Math.floor(Date.parse(group.dateCreated) / 1000),
    is_system_group: group.isSystemGroup,
    ...Object.fromEntries(USER_GROUP_PERMISSIONS.map((p) => [p, settingValueView(ctx, group.settings[p])])),
    deactivated: group.deactivated,
  };
}

/** Groups in id order, deactivated ones only when asked for. */
export const userGroupsView = (
  ctx: Pick<GroupsContext, 'membership' | 'usersById' | 'groups'>,
  includeDeactivated: boolean,
): Record<string, unknown>[] => ctx.groups.filter((g) => includeDeactivated || !g.deactivated).map((g) => userGroupView(ctx, g));
