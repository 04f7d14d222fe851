import { REALM_GROUP_SETTINGS, type GroupSettingEventValue, type RealmGroupSetting, type UserSettings, type UsersEvent } from '@zulip-es/contracts';
import { realmUserSettingsDefaults } from '../user-settings/user-setting';
import { REALM_GROUP_SETTING_CONFIG } from '../user-groups/permission-settings';
import { systemGroupId } from '../user-groups/system-groups';

/** Zulip's defaults for the group-valued permission settings: system group ids (always 1–8). */
export const DEFAULT_REALM_GROUP_SETTINGS: Readonly<Record<RealmGroupSetting, GroupSettingEventValue>> = Object.fromEntries(
  REALM_GROUP_SETTINGS.map((name) => [name, systemGroupId(REALM_GROUP_SETTING_CONFIG[name].defaultGroup as Parameters<typeof systemGroupId>[0])]),
) as Record<RealmGroupSetting, GroupSettingEventValue>;

/** Zulip's `MessageEditHistoryVisibilityPolicyEnum` names (what the API sends and returns). */
export const MESSAGE_EDIT_HISTORY_VISIBILITY_POLICIES = ['all', 'moves', 'none'] as const;
export type MessageEditHistoryVisibilityPolicy = (typeof MESSAGE_EDIT_HISTORY_VISIBILITY_POLICIES)[number];

/** Zulip's defaults for the message editing policy of a new organization. */
export const DEFAULT_REALM_SETTINGS = {
  allowMessageEditing: true,
  messageContentEditLimitSeconds: 600,
  moveMessagesWithinStreamLimitSeconds: 7 * 24 * 3600,
  moveMessagesBetweenStreamsLimitSeconds: 7 * 24 * 3600,
  messageEditHistoryVisibilityPolicy: 'all',
  description: '',
  groups: DEFAULT_REALM_GROUP_SETTINGS,
} as const;

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
    /** Group-valued permission settings by Zulip's name (`can_invite_users_group`, …). */
    groups: Readonly<Record<RealmGroupSetting, GroupSettingEventValue>>;
  };
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
} as const satisfies Record<string, Exclude<keyof RealmState['settings'], 'groups'>>;

/** Events of the organization's aggregate (`realm`): every `realm.*` event. */
export type RealmEvent = Extract<UsersEvent, { type: `realm.${string}` }>;

const isGroupSetting = (property: string): property is RealmGroupSetting => (REALM_GROUP_SETTINGS as readonly string[]).includes(property);

export function evolveRealm(state: RealmState | null, event: RealmEvent, sequence: number): RealmState {
  switch (event.type) {
    case 'realm.created.v1':
      return { ...event.data, settings: { ...DEFAULT_REALM_SETTINGS, groups: { ...DEFAULT_REALM_GROUP_SETTINGS } }, version: sequence };
    case 'realm.setting_changed.v1': {
      if (!state) throw new Error('realm.setting_changed.v1 before realm.created.v1');
      const { property, value } = event.data;
      if (property === 'name') return { ...state, name: value as string, version: sequence };
      if (isGroupSetting(property)) {
        return { ...state, settings: { ...state.settings, groups: { ...state.settings.groups, [property]: value as GroupSettingEventValue } }, version: sequence };
      }
      const key = REALM_SCALAR_SETTINGS[property as keyof typeof REALM_SCALAR_SETTINGS];
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
