import { REALM_GROUP_SETTING_CONFIG, USER_GROUP_PERMISSION_CONFIG, type GroupPermissionConfig } from '@zulip-es/zulip-rules';

/** One setting as Zulip's `GroupPermissionSetting` describes it to clients. */
function permissionSettingView(config: GroupPermissionConfig): Record<string, unknown> {
  return {
    require_system_group: config.requireSystemGroup ?? false,
    allow_internet_group: config.allowInternetGroup,
    allow_nobody_group: config.allowNobodyGroup,
    allow_everyone_group: config.allowEveryoneGroup,
    default_group_name: config.defaultGroup,
    default_for_system_groups: config.defaultForSystemGroups ?? null,
    allowed_system_groups: [...(config.allowedSystemGroups ?? [])],
  };
}

const viewAll = (configs: Record<string, GroupPermissionConfig>) =>
  Object.fromEntries(Object.entries(configs).map(([name, config]) => [name, permissionSettingView(config)]));

/**
 * The organization's and the user groups' part of `server_supported_permission_settings`: which
 * groups each setting accepts and its default. The channels' part comes from the messages service.
 */
export const supportedPermissionSettings = (): { realm: Record<string, unknown>; group: Record<string, unknown> } => ({
  realm: viewAll(REALM_GROUP_SETTING_CONFIG),
  group: viewAll(USER_GROUP_PERMISSION_CONFIG),
});
