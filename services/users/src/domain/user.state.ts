import { EmailAddressVisibility, type ProfileFieldValue, type Role, type OwnUserSettings, type UsersEvent } from '@zulip-es/contracts';
import { userSettings } from '../user-settings/user-setting';

export interface UserState {
  userId: number;
  realmId: number;
  deliveryEmail: string;
  fullName: string;
  role: Role;
  isBot: boolean;
  isActive: boolean;
  timezone: string;
  emailAddressVisibility: EmailAddressVisibility;
  dateJoined: string;
  avatarVersion: number;
  /**
   * Only users of `user.created.v1` (older logs) have their credentials here, as that event carried
   * them; everyone else's are on the private `users.credentials` topic (CredentialsStore).
   */
  passwordHash?: string | null;
  apiKeyHash?: string;
  apiKeyNonce?: string;
  /** Personal preferences; absent for a user created before settings existed (Zulip's defaults apply). */
  settings?: Partial<OwnUserSettings>;
  /** Custom profile field values by field id; absent until the first value is set. */
  profileData?: Record<string, ProfileFieldValue>;
  version: number;
}

export const userAggregateId = (userId: number): string => `user:${userId}`;

/** Events of one user's aggregate (`user:<id>`): every `user.*` event. */
export type UserEvent = Extract<UsersEvent, { type: `user.${string}` }>;

/** Pure: the user after `event`. */
export function evolveUser(state: UserState | null, event: UserEvent, sequence: number): UserState {
  if (event.type === 'user.created.v1' || event.type === 'user.created.v2') {
    const { realmId, userId, deliveryEmail, fullName, role, isBot, timezone, emailAddressVisibility, dateJoined, settings } = event.data;
    const credentials =
      event.type === 'user.created.v1'
        ? { passwordHash: event.data.passwordHash, apiKeyHash: event.data.apiKeyHash, apiKeyNonce: event.data.apiKeyNonce }
        : {};
    return {
      userId,
      realmId,
      deliveryEmail,
      fullName,
      role,
      isBot,
      isActive: true,
      timezone,
      emailAddressVisibility,
      dateJoined,
      avatarVersion: 1,
      ...credentials,
      ...(settings ? { settings } : {}),
      version: sequence,
    };
  }
  if (!state) throw new Error(`${event.type} for unknown user ${event.data.userId}`);
  switch (event.type) {
    case 'user.deactivated.v1':
      return { ...state, isActive: false, version: sequence };
    case 'user.reactivated.v1':
      return { ...state, isActive: true, version: sequence };
    case 'user.role_changed.v1':
      return { ...state, role: event.data.role, version: sequence };
    case 'user.full_name_changed.v1':
      return { ...state, fullName: event.data.fullName, version: sequence };
    case 'user.settings_changed.v1': {
      const { property, value } = event.data;
      // The email visibility setting also decides what `email` others see, kept in its own field.
      const visibility = property === 'email_address_visibility' ? { emailAddressVisibility: EmailAddressVisibility.parse(value) } : {};
      return { ...state, settings: { ...userSettings(state), [property]: value }, ...visibility, version: sequence };
    }
    case 'user.profile_data_changed.v1':
      return { ...state, profileData: withProfileChanges(state.profileData ?? {}, event.data.changes), version: sequence };
    case 'user.email_changed.v1':
      return { ...state, deliveryEmail: event.data.deliveryEmail, version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`user cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

type ProfileChange = Extract<UserEvent, { type: 'user.profile_data_changed.v1' }>['data']['changes'][number];

function withProfileChanges(
  current: Record<string, ProfileFieldValue>,
  changes: readonly ProfileChange[],
): Record<string, ProfileFieldValue> {
  const next = { ...current };
  for (const { fieldId, value, renderedValue } of changes) {
    if (value === null) delete next[String(fieldId)];
    else next[String(fieldId)] = renderedValue === undefined ? { value } : { value, renderedValue };
  }
  return next;
}
