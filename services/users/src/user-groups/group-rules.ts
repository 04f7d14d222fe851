import {
  MAX_USER_GROUP_NAME_LENGTH,
  type GroupSettingEventValue,
  type GroupSettingValue,
  type RealmPermissionSetting,
  type UserGroupPermission,
} from '@zulip-es/contracts';
import { badRequest, DomainError } from '@zulip-es/platform';
import {
  currentSettingValue as activeSettingValue,
  REALM_GROUP_SETTING_CONFIG,
  STALE_OLD_VALUE_MSG,
  settingValueView as activeSettingValueView,
  SystemGroup,
  USER_GROUP_PERMISSION_CONFIG,
  type GroupMembership,
  type GroupPermissionConfig,
} from '@zulip-es/zulip-rules';
import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';
import type { GroupsContext } from './groups-context';
import type { UserGroupState } from './user-group.state';

export const INSUFFICIENT_PERMISSION = 'Insufficient permission';
export const GROUP_DEACTIVATED = 'User group is deactivated.';

/** Zulip's NamedUserGroup.INVALID_NAME_PREFIXES. */
const INVALID_NAME_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'];

/**
 * Whether `user` holds one of the organization's group-valued permissions
 * (`can_invite_users_group`, `can_create_groups`, …), guests excluded where Zulip excludes them.
 */
export function hasRealmPermission(
  membership: GroupMembership,
  user: Pick<UserState, 'userId' | 'role'>,
  realm: Pick<RealmState, 'settings'>,
  setting: RealmPermissionSetting,
): boolean {
  return membership.hasPermission(user, realm.settings.groups[setting], REALM_GROUP_SETTING_CONFIG[setting]);
}

/** Zulip's `get_user_group_by_id_in_realm`. */
export function findGroup(ctx: GroupsContext, groupId: number, options: { allowDeactivated: boolean }): UserGroupState {
  const group = ctx.byId.get(groupId);
  if (!group) throw badRequest('Invalid user group');
  if (group.deactivated && !options.allowDeactivated) throw badRequest(GROUP_DEACTIVATED);
  return group;
}

/**
 * Whether `user` may act on `group` through `permission` (Zulip's `access_user_group_for_update`
 * minus the lookup): never on system groups; always with the organization's
 * `can_manage_all_groups` or the group's `can_manage_group`; otherwise as `permission` says.
 */
export function canUpdateGroup(
  ctx: Pick<GroupsContext, 'membership' | 'realm'>,
  user: Pick<UserState, 'userId' | 'role'>,
  group: UserGroupState,
  permission: UserGroupPermission,
): boolean {
  if (group.isSystemGroup) return false;
  if (hasRealmPermission(ctx.membership, user, ctx.realm, 'can_manage_all_groups')) return true;
  const holds = (p: UserGroupPermission) => ctx.membership.hasPermission(user, group.settings[p], USER_GROUP_PERMISSION_CONFIG[p]);
  return holds('can_manage_group') || (permission !== 'can_manage_group' && holds(permission));
}

/** Zulip's `access_user_group_for_update`, for the acting user. */
export function accessGroupForUpdate(
  ctx: GroupsContext,
  groupId: number,
  permission: UserGroupPermission,
  options: { allowDeactivated: boolean },
): UserGroupState {
  const group = findGroup(ctx, groupId, options);
  if (!canUpdateGroup(ctx, ctx.actor, group, permission)) throw badRequest(INSUFFICIENT_PERMISSION);
  return group;
}

/** Zulip's `check_user_group_name`. */
export function checkGroupName(name: string): string {
  if (name.trim() === '') throw badRequest("User group name can't be empty!");
  if ([...name].length > MAX_USER_GROUP_NAME_LENGTH)
    throw badRequest(`User group name cannot exceed ${MAX_USER_GROUP_NAME_LENGTH} characters.`);
  const prefix = INVALID_NAME_PREFIXES.find((p) => name.startsWith(p));
  if (prefix) throw badRequest(`User group name cannot start with '${prefix}'.`);
  return name;
}

export function checkNameFree(ctx: GroupsContext, name: string): void {
  if (ctx.groups.some((g) => g.name === name)) throw badRequest(`User group '${name}' already exists.`);
}

/** Zulip's `user_ids_to_users` without deactivated users: `Invalid user ID: <id>`. */
export function checkActiveUserIds(ctx: GroupsContext, userIds: readonly number[]): number[] {
  for (const id of userIds) {
    if (!ctx.usersById.get(id)?.isActive) throw badRequest(`Invalid user ID: ${id}`);
  }
  return [...new Set(userIds)];
}

/** Groups that may become (or stop being) subgroups: `Invalid user group ID: <id>`, then deactivated ones refused. */
export function checkPotentialSubgroups(ctx: GroupsContext, groupIds: readonly number[]): number[] {
  const missing = groupIds.find((id) => !ctx.byId.has(id));
  if (missing !== undefined) throw badRequest(`Invalid user group ID: ${missing}`);
  if (groupIds.some((id) => ctx.byId.get(id)!.deactivated)) throw badRequest(GROUP_DEACTIVATED);
  return [...new Set(groupIds)];
}

export const isActiveIn =
  (ctx: Pick<GroupsContext, 'usersById'>) =>
  (userId: number): boolean =>
    ctx.usersById.get(userId)?.isActive === true;

/** A stored value as the API shows it now: deactivated users left out. */
export const currentSettingValue = (ctx: Pick<GroupsContext, 'usersById'>, value: GroupSettingEventValue): GroupSettingEventValue =>
  activeSettingValue(isActiveIn(ctx), value);

/** Zulip's refusal of a stale `old` value. */
export const staleOldValue = (): DomainError => new DomainError('EXPECTATION_MISMATCH', STALE_OLD_VALUE_MSG);

/**
 * Zulip's `access_user_group_for_setting`: a group id must name an active group the setting
 * accepts; an anonymous value must list active users and active groups.
 */
export function checkSettingValue(
  ctx: GroupsContext,
  settingName: string,
  config: GroupPermissionConfig,
  value: GroupSettingEventValue,
): GroupSettingEventValue {
  if (typeof value === 'number') {
    const group = findGroup(ctx, value, { allowDeactivated: false });
    const refused = (name: string) => badRequest(`'${settingName}' setting cannot be set to '${name}' group.`);
    if (!config.allowInternetGroup && group.isSystemGroup && group.name === SystemGroup.INTERNET) throw refused(SystemGroup.INTERNET);
    if (!config.allowNobodyGroup && group.isSystemGroup && group.name === SystemGroup.NOBODY) throw refused(SystemGroup.NOBODY);
    if (!config.allowEveryoneGroup && group.isSystemGroup && group.name === SystemGroup.EVERYONE) throw refused(SystemGroup.EVERYONE);
    return value;
  }
  checkActiveUserIds(ctx, value.directMembers);
  checkPotentialSubgroups(ctx, value.directSubgroups);
  return value;
}

/** The API form of a stored value. */
export const settingValueView = (ctx: Pick<GroupsContext, 'usersById'>, value: GroupSettingEventValue): GroupSettingValue =>
  activeSettingValueView(isActiveIn(ctx), value);
