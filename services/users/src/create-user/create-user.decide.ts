import { EmailAddressVisibility, Role, type OperationData, type UserCredentialsIssuedV1, type createUser } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { apiKeyHash, deriveApiKey, firstApiKeyNonce } from '../domain/credentials';
import type { RealmState } from '../domain/realm.state';
import { userAggregateId, type UserState } from '../domain/user.state';
import { realmUserSettingsDefaults } from '../user-settings/user-setting';
import { checkFullName, isStrongEnough, isValidEmail, PASSWORD_TOO_WEAK, requireAdmin } from '../shared/user-rules';
import type { UsersNewEvent } from '../shared/users-new-event';

export type CreateUser = OperationData<typeof createUser>;

export interface CreateUserState {
  realm: RealmState;
  actor: UserState;
  /** The user already holding this email, if any. */
  existing: UserState | null;
  lastUserId: number;
}

/** Validates and authorizes, in Zulip's order; returns the cleaned name. */
export function checkCreateUser(cmd: CreateUser, state: CreateUserState): { fullName: string; email: string } {
  requireAdmin(state.actor);
  const fullName = checkFullName(cmd.full_name);
  const email = cmd.email.trim();
  if (!isValidEmail(email)) throw badRequest('Bad name or username');
  if (state.existing) throw badRequest(`Email '${email}' already in use`);
  if (!isStrongEnough(cmd.password)) throw badRequest(PASSWORD_TOO_WEAK);
  return { fullName, email };
}

/** What a new user signs in with: their password's hash (null: none, as for bots), and the key secret. */
export interface Credentials {
  passwordHash: string | null;
  apiKeySecret: string;
}

/** Users a command creates: the public events, and each new user's credentials for the private topic. */
export interface CreatedUsers<E extends UsersNewEvent = UsersNewEvent> {
  events: E[];
  credentials: UserCredentialsIssuedV1['data'][];
}

export function decideCreateUser(cmd: CreateUser, state: CreateUserState, credentials: Credentials, now: Date): CreatedUsers {
  const { fullName, email } = checkCreateUser(cmd, state);
  const userId = state.lastUserId + 1;
  const created = userCreated({ userId, realm: state.realm, email, fullName, role: Role.MEMBER, credentials, now });
  return { events: [created.event], credentials: [created.credentials] };
}

export interface CreatedUser {
  event: UsersNewEvent<'user.created.v2'>;
  credentials: UserCredentialsIssuedV1['data'];
}

export function userCreated(args: {
  userId: number;
  realm: RealmState;
  email: string;
  fullName: string;
  role: Role;
  credentials: Credentials;
  now: Date;
}): CreatedUser {
  const { userId, realm, email, fullName, role, credentials, now } = args;
  // A copy of the organization's defaults as they are now: later changes to them never reach this user.
  const settings = realmUserSettingsDefaults(realm);
  const dateJoined = now.toISOString();
  const apiKeyNonce = firstApiKeyNonce(credentials.apiKeySecret, userId, dateJoined);
  return {
    event: {
      type: 'user.created.v2',
      aggregateId: userAggregateId(userId),
      sequence: 1,
      data: {
        userId,
        realmId: realm.realmId,
        deliveryEmail: email,
        fullName,
        role,
        isBot: false,
        timezone: '',
        emailAddressVisibility: EmailAddressVisibility.parse(settings.email_address_visibility),
        dateJoined,
        settings,
      },
    },
    credentials: {
      userId,
      passwordHash: credentials.passwordHash,
      apiKeyHash: apiKeyHash(deriveApiKey(credentials.apiKeySecret, userId, apiKeyNonce)),
      apiKeyNonce,
    },
  };
}

/** The API key of a user as a creation event made them: what the reply of that creation hands out. */
export function createdUserApiKey(created: { userId: number; dateJoined: string; apiKeyNonce?: string }, apiKeySecret: string): string {
  // `user.created.v1` carried its nonce; later ones derive it.
  const nonce = created.apiKeyNonce ?? firstApiKeyNonce(apiKeySecret, created.userId, created.dateJoined);
  return deriveApiKey(apiKeySecret, created.userId, nonce);
}
