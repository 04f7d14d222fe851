import type { UserSettings, UsersEvent } from '@zulip-es/contracts';
import { realmUserSettingsDefaults } from '../user-settings/user-setting';

/** Zulip's defaults for the message editing policy of a new organization. */
export const DEFAULT_REALM_SETTINGS = {
  allowMessageEditing: true,
  messageContentEditLimitSeconds: 600,
  moveMessagesWithinStreamLimitSeconds: 7 * 24 * 3600,
  moveMessagesBetweenStreamsLimitSeconds: 7 * 24 * 3600,
  description: '',
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
    description: string;
  };
  /** What new users' settings start from; absent until an administrator first changes one (Zulip's defaults apply). */
  userSettingsDefaults?: UserSettings;
  version: number;
}

export const REALM_AGGREGATE = 'realm';

/** Events of the organization's aggregate (`realm`): every `realm.*` event. */
export type RealmEvent = Extract<UsersEvent, { type: `realm.${string}` }>;

export function evolveRealm(state: RealmState | null, event: RealmEvent, sequence: number): RealmState {
  switch (event.type) {
    case 'realm.created.v1':
      return { ...event.data, settings: { ...DEFAULT_REALM_SETTINGS }, version: sequence };
    case 'realm.user_settings_default_changed.v1': {
      if (!state) throw new Error(`${event.type} before the organization exists`);
      const { property, value } = event.data;
      return { ...state, userSettingsDefaults: { ...realmUserSettingsDefaults(state), [property]: value }, version: sequence };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`realm cannot apply ${JSON.stringify(unexpected)} (state ${state ? 'present' : 'absent'})`);
    }
  }
}
