import { z } from 'zod';
import { GroupSettingValue } from '../../users/group-setting-value';

const TopicsPolicy = z.enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']);

/** The permission settings every channel has (Zulip's `can_*_group`). */
const ChannelPermissions = {
  can_add_subscribers_group: GroupSettingValue,
  can_remove_subscribers_group: GroupSettingValue,
  can_administer_channel_group: GroupSettingValue,
  can_delete_any_message_group: GroupSettingValue,
  can_delete_own_message_group: GroupSettingValue,
  can_move_messages_out_of_channel_group: GroupSettingValue,
  can_move_messages_within_channel_group: GroupSettingValue,
  can_send_message_group: GroupSettingValue,
  can_subscribe_group: GroupSettingValue,
  can_resolve_topics_group: GroupSettingValue,
  /** Newer than Zulip's document (feature level 441), answered already: see `messages/channel-settings.ts`. */
  can_create_topic_group: GroupSettingValue.optional(),
};

/** What a channel and a subscription to it share. */
const ChannelFields = {
  stream_id: z.int(),
  name: z.string(),
  is_archived: z.boolean(),
  description: z.string(),
  rendered_description: z.string(),
  date_created: z.int(),
  creator_id: z.int().nullable(),
  invite_only: z.boolean(),
  is_web_public: z.boolean(),
  stream_post_policy: z.int(),
  message_retention_days: z.int().nullable(),
  history_public_to_subscribers: z.boolean(),
  topics_policy: TopicsPolicy,
  first_message_id: z.int().nullable(),
  folder_id: z.int().nullable(),
  is_recently_active: z.boolean(),
  is_announcement_only: z.boolean(),
  subscriber_count: z.number(),
  stream_weekly_traffic: z.int().nullable(),
  ...ChannelPermissions,
};

/** Zulip's `BasicChannel` (`GET /streams/{id}`); `GET /streams` adds `is_default` when asked. */
export const ChannelReply = z.strictObject(ChannelFields);
export const ListedChannelReply = ChannelReply.extend({ is_default: z.boolean().optional() });

/**
 * Zulip's `Subscription`: the channel with the caller's settings; `subscribers` and
 * `partial_subscribers` only when `include_subscribers` asked for them.
 */
export const SubscriptionReply = z.strictObject({
  ...ChannelFields,
  subscribers: z.array(z.int()).optional(),
  partial_subscribers: z.array(z.int()).optional(),
  desktop_notifications: z.boolean().nullable(),
  email_notifications: z.boolean().nullable(),
  wildcard_mentions_notify: z.boolean().nullable(),
  push_notifications: z.boolean().nullable(),
  audible_notifications: z.boolean().nullable(),
  pin_to_top: z.boolean(),
  is_muted: z.boolean(),
  in_home_view: z.boolean(),
  color: z.string(),
});

/** Zulip's `ChannelFolder`. */
export const ChannelFolderReply = z.strictObject({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  rendered_description: z.string(),
  order: z.int(),
  date_created: z.int().nullable(),
  creator_id: z.int().nullable(),
  is_archived: z.boolean(),
});

/** Channel names subscribed, keyed by the user's id as a string (Zulip's `subscribed`, `already_subscribed`). */
export const NamesByUser = z.record(z.string(), z.array(z.string()));

/**
 * `POST /users/me/subscriptions`: `unauthorized` only for channels the caller may not see, and
 * `new_subscription_messages_sent` only when others were subscribed.
 */
export const SubscribeReply = z.strictObject({
  subscribed: NamesByUser,
  already_subscribed: NamesByUser,
  unauthorized: z.array(z.string()).optional(),
  new_subscription_messages_sent: z.boolean().optional(),
});

export type ChannelReply = z.output<typeof ChannelReply>;
export type ListedChannelReply = z.output<typeof ListedChannelReply>;
export type SubscriptionReply = z.output<typeof SubscriptionReply>;
export type ChannelFolderReply = z.output<typeof ChannelFolderReply>;
export type SubscribeReply = z.output<typeof SubscribeReply>;
