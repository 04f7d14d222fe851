import type { RealmPermissionSetting, UserGroupPermission } from '@zulip-es/contracts';
import { SystemGroup, type SystemGroupName } from './system-groups';

/** Zulip's GroupPermissionSetting: which system groups a setting accepts, and its default. */
export interface GroupPermissionConfig {
  /** Only a system group, one of `allowedSystemGroups` when that is given. */
  requireSystemGroup?: boolean;
  allowedSystemGroups?: readonly SystemGroupName[];
  allowNobodyGroup: boolean;
  /** Also: when false, guests never hold the permission, whatever the value says. */
  allowEveryoneGroup: boolean;
  allowInternetGroup: boolean;
  /** `group_creator`: an anonymous group holding the user who created the group. */
  defaultGroup: SystemGroupName | 'group_creator';
  /** The default on system groups (which have no creator). */
  defaultForSystemGroups?: SystemGroupName;
}

const setting = (
  allowNobodyGroup: boolean,
  allowEveryoneGroup: boolean,
  defaultGroup: GroupPermissionConfig['defaultGroup'],
  defaultForSystemGroups?: SystemGroupName,
): GroupPermissionConfig => ({
  allowNobodyGroup,
  allowEveryoneGroup,
  allowInternetGroup: false,
  defaultGroup,
  defaultForSystemGroups,
});

/** NamedUserGroup.GROUP_PERMISSION_SETTINGS (zerver/models/groups.py). */
export const USER_GROUP_PERMISSION_CONFIG: Record<UserGroupPermission, GroupPermissionConfig> = {
  can_add_members_group: setting(true, false, 'group_creator', SystemGroup.NOBODY),
  can_join_group: setting(true, false, SystemGroup.NOBODY, SystemGroup.NOBODY),
  can_leave_group: setting(true, true, SystemGroup.EVERYONE, SystemGroup.NOBODY),
  can_manage_group: setting(true, false, 'group_creator', SystemGroup.NOBODY),
  can_mention_group: setting(true, true, SystemGroup.EVERYONE, SystemGroup.NOBODY),
  can_remove_members_group: setting(true, false, SystemGroup.NOBODY, SystemGroup.NOBODY),
};

/**
 * Realm.REALM_PERMISSION_GROUP_SETTINGS (zerver/models/realms.py). The defaults are Zulip's, except
 * "nobody" for what this server does not offer: bots and topic summaries (Zulip's value for a
 * permission no one holds).
 */
export const REALM_GROUP_SETTING_CONFIG: Record<RealmPermissionSetting, GroupPermissionConfig> = {
  can_add_custom_emoji_group: setting(true, false, SystemGroup.MEMBERS),
  can_add_subscribers_group: setting(true, false, SystemGroup.MEMBERS),
  can_create_groups: setting(true, false, SystemGroup.MEMBERS),
  can_create_private_channel_group: setting(true, false, SystemGroup.MEMBERS),
  can_create_public_channel_group: setting(true, false, SystemGroup.MEMBERS),
  can_invite_users_group: setting(true, false, SystemGroup.MEMBERS),
  can_manage_all_groups: setting(false, false, SystemGroup.OWNERS),
  can_mention_many_users_group: setting(true, true, SystemGroup.ADMINISTRATORS),
  can_move_messages_between_channels_group: setting(true, false, SystemGroup.MEMBERS),
  can_move_messages_between_topics_group: setting(true, true, SystemGroup.EVERYONE),
  can_resolve_topics_group: setting(true, true, SystemGroup.EVERYONE),
  create_multiuse_invite_group: setting(true, false, SystemGroup.ADMINISTRATORS),
  // Not changeable here yet (FIXED_REALM_GROUP_SETTINGS):
  can_access_all_users_group: {
    ...setting(false, true, SystemGroup.EVERYONE),
    requireSystemGroup: true,
    allowedSystemGroups: [SystemGroup.EVERYONE, SystemGroup.MEMBERS],
  },
  can_create_bots_group: setting(true, false, SystemGroup.NOBODY),
  can_create_web_public_channel_group: {
    ...setting(true, false, SystemGroup.OWNERS),
    requireSystemGroup: true,
    allowedSystemGroups: [SystemGroup.MODERATORS, SystemGroup.ADMINISTRATORS, SystemGroup.OWNERS, SystemGroup.NOBODY],
  },
  can_create_write_only_bots_group: setting(true, false, SystemGroup.NOBODY),
  can_delete_any_message_group: setting(true, false, SystemGroup.ADMINISTRATORS),
  can_delete_own_message_group: setting(true, true, SystemGroup.EVERYONE),
  can_manage_billing_group: setting(false, false, SystemGroup.ADMINISTRATORS),
  can_set_delete_message_policy_group: setting(true, false, SystemGroup.MODERATORS),
  can_set_topics_policy_group: setting(true, true, SystemGroup.MEMBERS),
  can_summarize_topics_group: setting(true, true, SystemGroup.NOBODY),
  direct_message_initiator_group: setting(true, true, SystemGroup.EVERYONE),
  direct_message_permission_group: setting(true, true, SystemGroup.EVERYONE),
};
