import { z } from 'zod';
import { MAX_IDS_PER_REQUEST, MAX_USER_GROUP_DESCRIPTION_LENGTH, MAX_USER_GROUP_NAME_LENGTH, TEXT_INPUT_FACTOR } from '../limits';
import { Role } from '../roles';
import { GroupSettingChange, GroupSettingValue } from '../users/group-setting-value';
import { EmptyReply, UserGroupReply, idReply } from './replies';
import { defineOperation } from './operation';

const GroupId = z.int();
const Ids = z.array(z.int()).max(MAX_IDS_PER_REQUEST);
/** Checked after stripping, in code points, with Zulip's messages, by the service (see TEXT_INPUT_FACTOR). */
const Name = z.string().max(MAX_USER_GROUP_NAME_LENGTH * TEXT_INPUT_FACTOR);
const Description = z.string().max(MAX_USER_GROUP_DESCRIPTION_LENGTH);

/** The permission settings a new group may be given; absent ones take Zulip's defaults. */
const initialPermissions = {
  can_add_members_group: GroupSettingValue.optional(),
  can_join_group: GroupSettingValue.optional(),
  can_leave_group: GroupSettingValue.optional(),
  can_manage_group: GroupSettingValue.optional(),
  can_mention_group: GroupSettingValue.optional(),
  can_remove_members_group: GroupSettingValue.optional(),
};

const permissionChanges = {
  can_add_members_group: GroupSettingChange.optional(),
  can_join_group: GroupSettingChange.optional(),
  can_leave_group: GroupSettingChange.optional(),
  can_manage_group: GroupSettingChange.optional(),
  can_mention_group: GroupSettingChange.optional(),
  can_remove_members_group: GroupSettingChange.optional(),
};

/**
 * Every group command is keyed `realm`: names are unique organization-wide and subgroup cycles
 * span groups, so one writer decides them all.
 */

/** POST /user_groups/create → `{group_id}`. Guests never; others as `can_create_groups` says. */
export const createUserGroup = defineOperation({
  type: 'user_group.create',
  method: 'POST',
  path: '/user_groups/create',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({ name: Name, description: Description, members: Ids, subgroups: Ids.optional(), ...initialPermissions }),
  reply: idReply('group_id'),
  key: 'realm',
});

/** GET /user_groups: every group of the organization (deactivated ones on request). */
export const getUserGroups = defineOperation({
  type: 'user_group.list',
  method: 'GET',
  path: '/user_groups',
  service: 'users',
  kind: 'query',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({ include_deactivated_groups: z.boolean().default(false) }),
  reply: z.strictObject({ user_groups: z.array(UserGroupReply) }),
  key: 'actor',
});

/** PATCH /user_groups/{user_group_id}: name, description, permission settings, reactivation. */
export const updateUserGroup = defineOperation({
  type: 'user_group.update',
  method: 'PATCH',
  path: '/user_groups/{user_group_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({
    user_group_id: GroupId,
    name: Name.optional(),
    description: Description.optional(),
    deactivated: z.boolean().optional(),
    ...permissionChanges,
  }),
  reply: EmptyReply,
  key: 'realm',
});

/** POST /user_groups/{user_group_id}/members: add and remove users and subgroups in one step. */
export const updateUserGroupMembers = defineOperation({
  type: 'user_group.update_members',
  method: 'POST',
  path: '/user_groups/{user_group_id}/members',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({
    user_group_id: GroupId,
    add: Ids.optional(),
    delete: Ids.optional(),
    add_subgroups: Ids.optional(),
    delete_subgroups: Ids.optional(),
  }),
  reply: EmptyReply,
  key: 'realm',
});

/** POST /user_groups/{user_group_id}/subgroups (E14). */
export const updateUserGroupSubgroups = defineOperation({
  type: 'user_group.update_subgroups',
  method: 'POST',
  path: '/user_groups/{user_group_id}/subgroups',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({ user_group_id: GroupId, add: Ids.optional(), delete: Ids.optional() }),
  reply: EmptyReply,
  key: 'realm',
});

/** GET /user_groups/{user_group_id}/members/{user_id} → `{is_user_group_member}`. */
export const getIsUserGroupMember = defineOperation({
  type: 'user_group.is_member',
  method: 'GET',
  path: '/user_groups/{user_group_id}/members/{user_id}',
  service: 'users',
  kind: 'query',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({ user_group_id: GroupId, user_id: z.int(), direct_member_only: z.boolean().default(false) }),
  reply: z.strictObject({ is_user_group_member: z.boolean() }),
  key: 'actor',
});

/** GET /user_groups/{user_group_id}/members → `{members}`. */
export const getUserGroupMembers = defineOperation({
  type: 'user_group.members',
  method: 'GET',
  path: '/user_groups/{user_group_id}/members',
  service: 'users',
  kind: 'query',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({ user_group_id: GroupId, direct_member_only: z.boolean().default(false) }),
  reply: z.strictObject({ members: z.array(z.int()) }),
  key: 'actor',
});

/** GET /user_groups/{user_group_id}/subgroups → `{subgroups}`. */
export const getUserGroupSubgroups = defineOperation({
  type: 'user_group.subgroups',
  method: 'GET',
  path: '/user_groups/{user_group_id}/subgroups',
  service: 'users',
  kind: 'query',
  auth: 'user',
  minRole: Role.MEMBER,
  params: z.object({ user_group_id: GroupId, direct_subgroup_only: z.boolean().default(false) }),
  reply: z.strictObject({ subgroups: z.array(z.int()) }),
  key: 'actor',
});

/** POST /user_groups/{user_group_id}/deactivate. No guest gate in Zulip: guests fail the permission check. */
export const deactivateUserGroup = defineOperation({
  type: 'user_group.deactivate',
  method: 'POST',
  path: '/user_groups/{user_group_id}/deactivate',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ user_group_id: GroupId }),
  reply: EmptyReply,
  key: 'realm',
});
