import { z } from 'zod';
import { GroupSettingEventValue } from '../users/group-setting-value';

/**
 * A channel's group-valued permission settings, in Zulip's order (feature level 420; Zulip's
 * `Stream.stream_permission_group_settings`).
 */
export const CHANNEL_GROUP_SETTINGS = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_send_message_group',
  'can_subscribe_group',
  'can_resolve_topics_group',
  'can_create_topic_group',
] as const;
export type ChannelGroupSetting = (typeof CHANNEL_GROUP_SETTINGS)[number];

/** The system group `role:everyone` (system group ids are fixed: docs/events.md). */
const EVERYONE_GROUP_ID = 7;

/**
 * The settings inside events: each a group id or `{directMembers, directSubgroups}`.
 * `can_create_topic_group` (Zulip 12, feature level 441) came later: channels created before
 * it read as Zulip's default, `role:everyone`.
 */
export const ChannelGroupSettingsEventValue = z.object({
  ...(Object.fromEntries(CHANNEL_GROUP_SETTINGS.map((name) => [name, GroupSettingEventValue])) as Record<
    ChannelGroupSetting,
    typeof GroupSettingEventValue
  >),
  can_create_topic_group: GroupSettingEventValue.default(EVERYONE_GROUP_ID),
});
export type ChannelGroupSettingsEventValue = z.infer<typeof ChannelGroupSettingsEventValue>;

/** Zulip's `topics_policy` of a channel. */
export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;
export const TopicsPolicy = z.enum(TOPICS_POLICIES);
export type TopicsPolicy = z.infer<typeof TopicsPolicy>;
