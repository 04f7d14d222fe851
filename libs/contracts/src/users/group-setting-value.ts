import { z } from 'zod';
import { MAX_IDS_PER_REQUEST } from '../limits';

/**
 * Zulip's group-setting value (`/api/group-setting-values`) as the API carries it: the id of a
 * named user group, or an anonymous collection of users and groups.
 */
export const GroupMembersValue = z.strictObject({
  direct_members: z.array(z.int()).max(MAX_IDS_PER_REQUEST),
  direct_subgroups: z.array(z.int()).max(MAX_IDS_PER_REQUEST),
});
export type GroupMembersValue = z.infer<typeof GroupMembersValue>;
export const GroupSettingValue = z.union([z.int(), GroupMembersValue]);
export type GroupSettingValue = z.infer<typeof GroupSettingValue>;

/**
 * An update to a group-setting value: `{new, old?}` (`old`, when sent, must equal the current
 * value). A bare value is accepted too, as the same change without `old`.
 */
export const GroupSettingChange = z.union([
  z.strictObject({ new: GroupSettingValue, old: GroupSettingValue.optional() }),
  GroupSettingValue.transform((value) => ({ new: value, old: undefined })),
]);
export type GroupSettingChange = z.output<typeof GroupSettingChange>;

/** The same value inside events: a group id, or sorted user and group ids. */
export const GroupSettingEventValue = z.union([
  z.number().int().positive(),
  z.object({ directMembers: z.array(z.number().int()), directSubgroups: z.array(z.number().int()) }),
]);
export type GroupSettingEventValue = z.infer<typeof GroupSettingEventValue>;

/** The permission settings every user group has, in Zulip's order. */
export const USER_GROUP_PERMISSIONS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type UserGroupPermission = (typeof USER_GROUP_PERMISSIONS)[number];

/** The organization's group-valued permission settings this server implements. */
export const REALM_GROUP_SETTINGS = [
  'can_add_custom_emoji_group',
  'can_add_subscribers_group',
  'can_create_groups',
  'can_create_private_channel_group',
  'can_create_public_channel_group',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'create_multiuse_invite_group',
] as const;
export type RealmGroupSetting = (typeof REALM_GROUP_SETTINGS)[number];

/**
 * Zulip's organization group settings that `PATCH /realm` does not change here (yet): stored like
 * the others, with their defaults.
 */
export const FIXED_REALM_GROUP_SETTINGS = [
  'can_access_all_users_group',
  'can_create_bots_group',
  'can_create_web_public_channel_group',
  'can_create_write_only_bots_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_manage_billing_group',
  'can_set_delete_message_policy_group',
  'can_set_topics_policy_group',
  'can_summarize_topics_group',
  'direct_message_initiator_group',
  'direct_message_permission_group',
] as const;

/** Every group-valued setting of the organization (Zulip's `Realm.REALM_PERMISSION_GROUP_SETTINGS`). */
export type RealmPermissionSetting = RealmGroupSetting | (typeof FIXED_REALM_GROUP_SETTINGS)[number];
export const ALL_REALM_GROUP_SETTINGS: readonly RealmPermissionSetting[] = [...REALM_GROUP_SETTINGS, ...FIXED_REALM_GROUP_SETTINGS];

/** A group's six permission settings inside events. */
export const UserGroupSettingsEventValue = z.object({
  can_add_members_group: GroupSettingEventValue,
  can_join_group: GroupSettingEventValue,
  can_leave_group: GroupSettingEventValue,
  can_manage_group: GroupSettingEventValue,
  can_mention_group: GroupSettingEventValue,
  can_remove_members_group: GroupSettingEventValue,
});
export type UserGroupSettingsEventValue = z.infer<typeof UserGroupSettingsEventValue>;
