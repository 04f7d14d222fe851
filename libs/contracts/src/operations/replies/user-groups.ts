import { z } from 'zod';
import { GroupSettingValue, USER_GROUP_PERMISSIONS, type UserGroupPermission } from '../../users/group-setting-value';

const GroupPermissions = Object.fromEntries(USER_GROUP_PERMISSIONS.map((name) => [name, GroupSettingValue])) as Record<
  UserGroupPermission,
  typeof GroupSettingValue
>;

/** Zulip's `UserGroup`. */
export const UserGroupReply = z.strictObject({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  date_created: z.int().nullable(),
  creator_id: z.int().nullable(),
  members: z.array(z.int()),
  direct_subgroup_ids: z.array(z.int()),
  is_system_group: z.boolean(),
  deactivated: z.boolean(),
  ...GroupPermissions,
});

export type UserGroupReply = z.output<typeof UserGroupReply>;
