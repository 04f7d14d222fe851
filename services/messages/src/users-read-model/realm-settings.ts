import type { GroupSettingEventValue } from '@zulip-es/contracts';
import {
  REALM_GROUP_SETTING_CONFIG,
  systemGroupId,
  type GroupPermissionConfig,
  type RealmPermissionSetting,
  type SystemGroupName,
} from '@zulip-es/zulip-rules';

/**
 * The organization's group-valued settings this service decides on, with Zulip's defaults
 * (`Realm.REALM_PERMISSION_GROUP_SETTINGS`). A setting the users service does not let anyone
 * change yet (web-public channels, topics policy) keeps its default here until
 * `realm.setting_changed.v1` names it.
 */
const REALM_PERMISSIONS = [
  'can_add_subscribers_group',
  'can_create_public_channel_group',
  'can_create_private_channel_group',
  'can_create_web_public_channel_group',
  'can_set_topics_policy_group',
  'can_set_delete_message_policy_group',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
] as const satisfies readonly RealmPermissionSetting[];
export type RealmPermission = (typeof REALM_PERMISSIONS)[number];

const isRealmPermission = (name: string): name is RealmPermission => (REALM_PERMISSIONS as readonly string[]).includes(name);

/** What this service knows of the organization. */
export interface ReadRealm {
  realmId: number;
  /** Names dummy emails (`user<id>@<host>`). */
  host: string;
  /** The organization's URL (`https://chat.example.com`), for links in messages the server writes. */
  url: string;
  permissions: Record<RealmPermission, GroupSettingEventValue>;
  /** Message editing policy (for message edits), Zulip's defaults until changed. */
  allowMessageEditing: boolean;
  messageContentEditLimitSeconds: number | null;
  moveMessagesWithinStreamLimitSeconds: number | null;
  moveMessagesBetweenStreamsLimitSeconds: number | null;
  /** Zulip's `enable_spectator_access`; not settable yet, so web-public channels stay off. */
  enableSpectatorAccess: boolean;
  /** Zulip's `message_content_delete_limit_seconds` (null: no limit); default 600. */
  messageContentDeleteLimitSeconds: number | null;
  /** Zulip's organization `topics_policy`, which channels with `inherit` follow. */
  topicsPolicy: 'allow_empty_topic' | 'disable_empty_topic';
  /** Zulip's `message_edit_history_visibility_policy`: which `edit_history` entries messages show. */
  messageEditHistoryVisibilityPolicy: 'all' | 'moves' | 'none';
  /** Zulip's `enable_read_receipts` (off until the organization turns it on, as the users service creates it). */
  enableReadReceipts: boolean;
  /** Zulip's `moderation_request_channel_id`: where message reports go (-1: reporting is off). */
  moderationRequestChannelId: number;
}

export function newRealm(realmId: number, host: string, url: string): ReadRealm {
  return {
    realmId,
    host,
    url,
    permissions: Object.fromEntries(
      REALM_PERMISSIONS.map((name) => [name, systemGroupId(REALM_GROUP_SETTING_CONFIG[name].defaultGroup as SystemGroupName)]),
    ) as Record<RealmPermission, GroupSettingEventValue>,
    allowMessageEditing: true,
    messageContentEditLimitSeconds: 600,
    moveMessagesWithinStreamLimitSeconds: 7 * 24 * 3600,
    moveMessagesBetweenStreamsLimitSeconds: 7 * 24 * 3600,
    enableSpectatorAccess: false,
    messageContentDeleteLimitSeconds: 600,
    topicsPolicy: 'allow_empty_topic',
    messageEditHistoryVisibilityPolicy: 'all',
    enableReadReceipts: false,
    moderationRequestChannelId: -1,
  };
}

const SCALARS = {
  allow_message_editing: 'allowMessageEditing',
  message_content_edit_limit_seconds: 'messageContentEditLimitSeconds',
  move_messages_within_stream_limit_seconds: 'moveMessagesWithinStreamLimitSeconds',
  move_messages_between_streams_limit_seconds: 'moveMessagesBetweenStreamsLimitSeconds',
  enable_spectator_access: 'enableSpectatorAccess',
  message_content_delete_limit_seconds: 'messageContentDeleteLimitSeconds',
  topics_policy: 'topicsPolicy',
  message_edit_history_visibility_policy: 'messageEditHistoryVisibilityPolicy',
  enable_read_receipts: 'enableReadReceipts',
  moderation_request_channel_id: 'moderationRequestChannelId',
} as const;

/** The organization after one `realm.setting_changed.v1`; settings this service ignores leave it as it is. */
export function withRealmSetting(realm: ReadRealm, property: string, value: unknown): ReadRealm {
  if (isRealmPermission(property)) return { ...realm, permissions: { ...realm.permissions, [property]: value as GroupSettingEventValue } };
  const key = SCALARS[property as keyof typeof SCALARS];
  return key ? { ...realm, [key]: value } : realm;
}

export const realmPermissionConfig = (name: RealmPermission): GroupPermissionConfig => REALM_GROUP_SETTING_CONFIG[name];
