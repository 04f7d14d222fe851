import type { ChannelGroupSetting } from '@zulip-es/contracts';
import { SystemGroupId } from '../groups/system-groups';

export interface ChannelSettingConfig {
  /** False: guests never hold it, and it may not be set to "everyone". */
  allowEveryoneGroup: boolean;
  /** A system group id, or the anonymous group holding the channel's creator. */
  defaultGroup: number | 'channel_creator';
}

/** Zulip's `Stream.stream_permission_group_settings` (all allow "nobody", none "internet"). */
export const CHANNEL_SETTING_CONFIG: Record<ChannelGroupSetting, ChannelSettingConfig> = {
  can_add_subscribers_group: { allowEveryoneGroup: false, defaultGroup: SystemGroupId.NOBODY },
  can_administer_channel_group: { allowEveryoneGroup: false, defaultGroup: 'channel_creator' },
  can_delete_any_message_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_delete_own_message_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_move_messages_out_of_channel_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_move_messages_within_channel_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_remove_subscribers_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.ADMINISTRATORS },
  can_send_message_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.EVERYONE },
  can_subscribe_group: { allowEveryoneGroup: false, defaultGroup: SystemGroupId.NOBODY },
  can_resolve_topics_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_create_topic_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.EVERYONE },
};
