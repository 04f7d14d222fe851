import { CHANNEL_SETTING_CONFIG, SYSTEM_GROUP_NAMES, type ChannelSettingConfig } from '@zulip-es/zulip-rules';

/** Zulip's name for a default of "the channel's creator" (an anonymous group holding them). */
const CHANNEL_CREATOR_DEFAULT = 'stream_creator_or_nobody';

/** A channel setting as Zulip's `GroupPermissionSetting` describes it: any group but "internet". */
const channelSettingView = (config: ChannelSettingConfig): Record<string, unknown> => ({
  require_system_group: false,
  allow_internet_group: false,
  allow_nobody_group: true,
  allow_everyone_group: config.allowEveryoneGroup,
  default_group_name: config.defaultGroup === 'channel_creator' ? CHANNEL_CREATOR_DEFAULT : SYSTEM_GROUP_NAMES[config.defaultGroup],
  default_for_system_groups: null,
  allowed_system_groups: [],
});

/**
 * The messages service's part of fetch type `realm`: the channels' part of
 * `server_supported_permission_settings`, and `max_bulk_new_subscription_messages`, 0 because
 * subscribing others sends no Notification Bot message at all (`new_subscription_messages_sent`
 * is always false), however few they are.
 */
export const realmParameters = (): Record<string, unknown> => ({
  max_bulk_new_subscription_messages: 0,
  server_supported_permission_settings: {
    stream: Object.fromEntries(Object.entries(CHANNEL_SETTING_CONFIG).map(([name, config]) => [name, channelSettingView(config)])),
  },
});
