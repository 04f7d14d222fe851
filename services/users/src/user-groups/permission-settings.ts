import type { RealmGroupSetting, UserGroupPermission } from '@zulip-es/contracts';
import { SystemGroup, type SystemGroupName } from './system-groups';

/** Zulip's GroupPermissionSetting: which system groups a setting accepts, and its default. */
export interface GroupPermissionConfig {
  allowNobodyGroup: boolean;
  /** Also: when false, guests never hold the permission, whatever the value says. */
  allowEveryoneGroup: boolean;
  allowInternetGroup: boolean;
  /** `group_creator`: an anonymous group holding the user who created the group. */
  defaultGroup: SystemGroupName | 'group_creator';
  /** The default on system groups (which have no creator). */
  defaultForSystemGroups?: SystemGroupName;
}

const setting = (allowNobodyGroup: boolean, allowEveryoneGroup: boolean, defaultGroup: GroupPermissionConfig['defaultGroup'], defaultForSystemGroups?: SystemGroupName): GroupPermissionConfig => ({
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

/** Realm.REALM_PERMISSION_GROUP_SETTINGS (zerver/models/realms.py), for the settings implemented here. */
export const REALM_GROUP_SETTING_CONFIG: Record<RealmGroupSetting, GroupPermissionConfig> = {
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
};

/** Realm settings only organization owners may change (zerver/views/realm.py `update_realm`). */
export const OWNER_ONLY_REALM_SETTINGS: ReadonlySet<string> = new Set(['can_create_groups', 'can_invite_users_group', 'can_manage_all_groups']);
