import { z } from 'zod';
import { UserSettings } from '../../users/user-settings';
import { ChannelReply, SubscriptionReply } from './channels';
import { DraftReply, NavigationViewReply, SavedSnippetReply } from './drafts';
import { RealmEmojiReply, LinkifierReply } from './realm';
import { UserGroupReply } from './user-groups';
import { CustomProfileFieldReply, LegacyPresence, ModernPresence, UserReply } from './users';

/** Zulip's `unread_msgs`, as zulip-terminal and the mobile app read it. */
const UnreadMessages = z.strictObject({
  count: z.int(),
  pms: z.array(z.strictObject({ other_user_id: z.int(), sender_id: z.int().optional(), unread_message_ids: z.array(z.int()) })),
  streams: z.array(z.strictObject({ stream_id: z.int(), topic: z.string(), unread_message_ids: z.array(z.int()) })),
  huddles: z.array(z.strictObject({ user_ids_string: z.string(), unread_message_ids: z.array(z.int()) })),
  mentions: z.array(z.int()),
  old_unreads_missing: z.boolean(),
});

/**
 * `POST /register`'s initial state: only the keys real clients read (zulip-terminal's start,
 * the mobile app's `InitialSnapshot`), each present only when its event types were asked for;
 * the many other keys pass unchecked.
 */
export const RegisterReply = z.looseObject({
  queue_id: z.string().nullable(),
  last_event_id: z.int(),
  zulip_feature_level: z.int(),
  zulip_version: z.string(),
  zulip_merge_base: z.string().optional(),
  user_id: z.int().optional(),
  email: z.string().optional(),
  full_name: z.string().optional(),
  max_message_id: z.int().optional(),
  alert_words: z.array(z.string()).optional(),
  custom_profile_fields: z.array(CustomProfileFieldReply).optional(),
  drafts: z.array(DraftReply).optional(),
  navigation_views: z.array(NavigationViewReply).optional(),
  saved_snippets: z.array(SavedSnippetReply).optional(),
  muted_users: z.array(z.strictObject({ id: z.int(), timestamp: z.int() })).optional(),
  muted_topics: z.array(z.tuple([z.string(), z.string(), z.int()])).optional(),
  user_topics: z
    .array(z.strictObject({ stream_id: z.int(), topic_name: z.string(), last_updated: z.int(), visibility_policy: z.int() }))
    .optional(),
  presences: z.record(z.string(), z.union([ModernPresence, LegacyPresence])).optional(),
  server_timestamp: z.number().optional(),
  server_presence_ping_interval_seconds: z.int().optional(),
  server_presence_offline_threshold_seconds: z.int().optional(),
  server_emoji_data_url: z.string().optional(),
  event_queue_longpoll_timeout_seconds: z.int().optional(),
  realm_emoji: z.record(z.string(), RealmEmojiReply).optional(),
  realm_linkifiers: z.array(LinkifierReply).optional(),
  realm_user_groups: z.array(UserGroupReply).optional(),
  realm_users: z.array(UserReply).optional(),
  realm_non_active_users: z.array(UserReply).optional(),
  cross_realm_bots: z.array(UserReply.extend({ is_system_bot: z.boolean() })).optional(),
  recent_private_conversations: z.array(z.strictObject({ max_message_id: z.int(), user_ids: z.array(z.int()) })).optional(),
  subscriptions: z.array(SubscriptionReply).optional(),
  streams: z.array(ChannelReply).optional(),
  unread_msgs: UnreadMessages.optional(),
  starred_messages: z.array(z.int()).optional(),
  user_settings: UserSettings.partial().loose().optional(),
  realm_name: z.string().optional(),
  realm_url: z.string().optional(),
  realm_icon_url: z.string().optional(),
  realm_message_retention_days: z.int().optional(),
  realm_wildcard_mention_policy: z.int().optional(),
  realm_waiting_period_threshold: z.int().optional(),
  realm_enable_read_receipts: z.boolean().optional(),
  realm_presence_disabled: z.boolean().optional(),
  realm_default_external_accounts: z
    .record(z.string(), z.strictObject({ name: z.string(), text: z.string(), hint: z.string(), url_pattern: z.string() }))
    .optional(),
});

/** `GET /server_settings`: what a client needs before logging in. */
export const ServerSettingsReply = z.strictObject({
  authentication_methods: z.record(z.string(), z.boolean()),
  external_authentication_methods: z.array(
    z.strictObject({
      name: z.string(),
      display_name: z.string(),
      display_icon: z.string().nullable(),
      login_url: z.string(),
      signup_url: z.string(),
    }),
  ),
  zulip_feature_level: z.int(),
  zulip_version: z.string(),
  zulip_merge_base: z.string(),
  push_notifications_enabled: z.boolean(),
  is_incompatible: z.boolean(),
  email_auth_enabled: z.boolean(),
  require_email_format_usernames: z.boolean(),
  // The organization's fields, once there is one (Zulip: on an organization's subdomain only).
  realm_uri: z.string().optional(),
  realm_url: z.string().optional(),
  realm_name: z.string().optional(),
  realm_icon: z.string().optional(),
  realm_description: z.string().optional(),
  realm_web_public_access_enabled: z.boolean().optional(),
});

export type RegisterReply = z.output<typeof RegisterReply>;
export type ServerSettingsReply = z.output<typeof ServerSettingsReply>;
