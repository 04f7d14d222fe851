import type { RealmCreatedV1 } from '@zulip-es/contracts';

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
  version: number;
}

export const REALM_AGGREGATE = 'realm';

export function evolveRealm(state: RealmState | null, event: RealmCreatedV1, sequence: number): RealmState {
  switch (event.type) {
    case 'realm.created.v1':
      return { ...event.data, settings: { ...DEFAULT_REALM_SETTINGS }, version: sequence };
    default: {
      const unexpected: never = event.type;
      throw new Error(`realm cannot apply ${String(unexpected)} (state ${state ? 'present' : 'absent'})`);
    }
  }
}
