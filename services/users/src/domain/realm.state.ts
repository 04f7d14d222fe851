import {
  ALL_REALM_GROUP_SETTINGS,
  MessageEditHistoryVisibilityPolicy,
  type GroupSettingEventValue,
  type RealmPermissionSetting,
  type RealmSettings,
  type RealmTopicsPolicy,
  type UserSettings,
  type UsersEvent,
} from '@zulip-es/contracts';
import { REALM_CREATED_V1_SETTINGS } from '@zulip-es/zulip-rules';
import { realmUserSettingsDefaults } from '../user-settings/user-setting';

/** Zulip's `MessageEditHistoryVisibilityPolicyEnum` names, in the order of its numbers (1, 2, 3). */
export const MESSAGE_EDIT_HISTORY_VISIBILITY_POLICIES = MessageEditHistoryVisibilityPolicy.options;
export type { MessageEditHistoryVisibilityPolicy, RealmTopicsPolicy };

export interface RealmState {
  realmId: number;
  name: string;
  host: string;
  url: string;
  createdAt: string;
  settings: {
    allowMessageEditing: boolean;
    messageContentEditLimitSeconds: number | null;
    moveMessagesWithinStreamLimitSeconds: number | null;
    moveMessagesBetweenStreamsLimitSeconds: number | null;
    /** Zulip's `message_edit_history_visibility_policy`: "all", "moves" or "none". */
    messageEditHistoryVisibilityPolicy: MessageEditHistoryVisibilityPolicy;
    description: string;
    /** Links to images, videos and YouTube get previews in messages. */
    inlineImagePreview: boolean;
    /** Zulip's `enable_read_receipts`. */
    enableReadReceipts: boolean;
    /** Zulip's `moderation_request_channel_id`: where message reports go (-1: reporting is off). */
    moderationRequestChannelId: number;
    /** Group-valued permission settings by Zulip's name (`can_invite_users_group`, …). */
    groups: Readonly<Record<RealmPermissionSetting, GroupSettingEventValue>>;
  } & FixedRealmSettings;
  /** What new users' settings start from; absent until an administrator first changes one (Zulip's defaults apply). */
  userSettingsDefaults?: UserSettings;
  version: number;
}

export const REALM_AGGREGATE = 'realm';

/** `PATCH /realm` properties that are plain values, by Zulip's name → their key in `settings`. */
export const REALM_SCALAR_SETTINGS = {
  allow_message_editing: 'allowMessageEditing',
  message_content_edit_limit_seconds: 'messageContentEditLimitSeconds',
  move_messages_within_stream_limit_seconds: 'moveMessagesWithinStreamLimitSeconds',
  move_messages_between_streams_limit_seconds: 'moveMessagesBetweenStreamsLimitSeconds',
  message_edit_history_visibility_policy: 'messageEditHistoryVisibilityPolicy',
  description: 'description',
  inline_image_preview: 'inlineImagePreview',
  enable_read_receipts: 'enableReadReceipts',
  moderation_request_channel_id: 'moderationRequestChannelId',
} as const satisfies Record<string, Exclude<keyof RealmState['settings'], 'groups'>>;

/**
 * Organization settings Zulip's `PATCH /realm` changes but this server does not (yet), stored with
 * Zulip's defaults: what this server does is what they say (for instance, messages are kept
 * forever, `message_retention_days` -1; members are full members at once, a waiting period of 0).
 */
export interface FixedRealmSettings {
  avatarChangesDisabled: boolean;
  defaultCodeBlockLanguage: string;
  defaultLanguage: string;
  digestEmailsEnabled: boolean;
  digestWeekday: number;
  emailsRestrictedToDomains: boolean;
  enableGuestUserDmWarning: boolean;
  enableGuestUserIndicator: boolean;
  enableSpectatorAccess: boolean;
  inlineUrlEmbedPreview: boolean;
  inviteRequired: boolean;
  jitsiServerUrl: string | null;
  messageContentAllowedInEmailNotifications: boolean;
  /** Null: no limit. */
  messageContentDeleteLimitSeconds: number | null;
  /** -1: forever. */
  messageRetentionDays: number;
  nameChangesDisabled: boolean;
  orgType: number;
  requireE2eePushNotifications: boolean;
  requireUniqueNames: boolean;
  topicsPolicy: RealmTopicsPolicy;
  waitingPeriodThreshold: number;
  wantAdvertiseInCommunitiesDirectory: boolean;
  welcomeMessageCustomText: string;
}

/** The settings of `FixedRealmSettings` by Zulip's name → their key in `settings`. */
export const FIXED_REALM_SCALAR_SETTINGS = {
  avatar_changes_disabled: 'avatarChangesDisabled',
  default_code_block_language: 'defaultCodeBlockLanguage',
  default_language: 'defaultLanguage',
  digest_emails_enabled: 'digestEmailsEnabled',
  digest_weekday: 'digestWeekday',
  emails_restricted_to_domains: 'emailsRestrictedToDomains',
  enable_guest_user_dm_warning: 'enableGuestUserDmWarning',
  enable_guest_user_indicator: 'enableGuestUserIndicator',
  enable_spectator_access: 'enableSpectatorAccess',
  inline_url_embed_preview: 'inlineUrlEmbedPreview',
  invite_required: 'inviteRequired',
  jitsi_server_url: 'jitsiServerUrl',
  message_content_allowed_in_email_notifications: 'messageContentAllowedInEmailNotifications',
  message_content_delete_limit_seconds: 'messageContentDeleteLimitSeconds',
  message_retention_days: 'messageRetentionDays',
  name_changes_disabled: 'nameChangesDisabled',
  org_type: 'orgType',
  require_e2ee_push_notifications: 'requireE2eePushNotifications',
  require_unique_names: 'requireUniqueNames',
  topics_policy: 'topicsPolicy',
  waiting_period_threshold: 'waitingPeriodThreshold',
  want_advertise_in_communities_directory: 'wantAdvertiseInCommunitiesDirectory',
  welcome_message_custom_text: 'welcomeMessageCustomText',
} as const satisfies Record<string, keyof FixedRealmSettings>;

/** Events of the organization's aggregate (`realm`): every `realm.*` event. */
export type RealmEvent = Extract<UsersEvent, { type: `realm.${string}` }>;

const isGroupSetting = (property: string): property is RealmPermissionSetting =>
  (ALL_REALM_GROUP_SETTINGS as readonly string[]).includes(property);

/** Where a plain setting lives in `settings`, whether `PATCH /realm` changes it yet or not. */
const scalarKey = (property: string): keyof RealmState['settings'] | undefined =>
  REALM_SCALAR_SETTINGS[property as keyof typeof REALM_SCALAR_SETTINGS] ??
  FIXED_REALM_SCALAR_SETTINGS[property as keyof typeof FIXED_REALM_SCALAR_SETTINGS];

const SCALAR_SETTING_KEYS = Object.entries({ ...REALM_SCALAR_SETTINGS, ...FIXED_REALM_SCALAR_SETTINGS }) as [
  Exclude<keyof RealmSettings, RealmPermissionSetting>,
  Exclude<keyof RealmState['settings'], 'groups'>,
][];

/** The organization's settings as this service keeps them, from Zulip's names. */
export function realmStateSettings(settings: Readonly<RealmSettings>): RealmState['settings'] {
  const scalars = Object.fromEntries(SCALAR_SETTING_KEYS.map(([name, key]) => [key, settings[name]]));
  const groups = Object.fromEntries(ALL_REALM_GROUP_SETTINGS.map((name) => [name, settings[name]]));
  return { ...scalars, groups } as RealmState['settings'];
}

export function evolveRealm(state: RealmState | null, event: RealmEvent, sequence: number): RealmState {
  switch (event.type) {
    case 'realm.created.v1':
      return { ...event.data, settings: realmStateSettings(REALM_CREATED_V1_SETTINGS), version: sequence };
    case 'realm.created.v2': {
      const { settings, userSettingsDefaults, ...realm } = event.data;
      return { ...realm, settings: realmStateSettings(settings), userSettingsDefaults, version: sequence };
    }
    case 'realm.setting_changed.v1': {
      if (!state) throw new Error(`${event.type} before the organization exists`);
      const { property, value } = event.data;
      if (property === 'name') return { ...state, name: value as string, version: sequence };
      if (isGroupSetting(property)) {
        return {
          ...state,
          settings: { ...state.settings, groups: { ...state.settings.groups, [property]: value as GroupSettingEventValue } },
          version: sequence,
        };
      }
      const key = scalarKey(property);
      if (!key) throw new Error(`realm cannot apply setting ${property}`);
      return { ...state, settings: { ...state.settings, [key]: value }, version: sequence };
    }
    case 'realm.user_settings_default_changed.v1': {
      if (!state) throw new Error(`${event.type} before the organization exists`);
      const { property, value } = event.data;
      return { ...state, userSettingsDefaults: { ...realmUserSettingsDefaults(state), [property]: value }, version: sequence };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`realm cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
