import type { GroupSettingEventValue, RealmPermissionSetting, RealmSettings } from '@zulip-es/contracts';
import { REALM_GROUP_SETTING_CONFIG, type GroupPermissionConfig } from '@zulip-es/zulip-rules';

/**
 * The organization's group-valued settings this service decides on (of Zulip's
 * `Realm.REALM_PERMISSION_GROUP_SETTINGS`).
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

/** The organization as it was created: every setting comes from its creation event, as later changes do. */
export function newRealm(realmId: number, host: string, url: string, settings: Readonly<RealmSettings>): ReadRealm {
  const unset = { realmId, host, url, permissions: {} } as ReadRealm;
  return Object.entries(settings).reduce((realm, [name, value]) => withRealmSetting(realm, name, value), unset);
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
} as const satisfies Partial<Record<keyof RealmSettings, keyof ReadRealm>>;

/** The organization after one `realm.setting_changed.v1`; settings this service ignores leave it as it is. */
export function withRealmSetting(realm: ReadRealm, property: string, value: unknown): ReadRealm {
  if (isRealmPermission(property)) return { ...realm, permissions: { ...realm.permissions, [property]: value as GroupSettingEventValue } };
  const key = SCALARS[property as keyof typeof SCALARS];
  return key ? { ...realm, [key]: value } : realm;
}

export const realmPermissionConfig = (name: RealmPermission): GroupPermissionConfig => REALM_GROUP_SETTING_CONFIG[name];
