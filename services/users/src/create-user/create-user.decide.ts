import { EmailAddressVisibility, Role, type OperationData, type createUser } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { apiKeyHash, deriveApiKey } from '../domain/credentials';
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

export interface Credentials {
  passwordHash: string;
  apiKeyNonce: string;
  apiKeySecret: string;
}

export function decideCreateUser(
  cmd: CreateUser,
  state: CreateUserState,
  credentials: Credentials,
  now: Date,
): UsersNewEvent<'user.created.v1'>[] {
  const { fullName, email } = checkCreateUser(cmd, state);
  const userId = state.lastUserId + 1;
  return [userCreated({ userId, realm: state.realm, email, fullName, role: Role.MEMBER, credentials, now })];
}

export function userCreated(args: {
  userId: number;
  realm: RealmState;
  email: string;
  fullName: string;
  role: Role;
  credentials: Credentials;
  now: Date;
}): UsersNewEvent<'user.created.v1'> {
  const { userId, realm, email, fullName, role, credentials, now } = args;
  // A copy of the organization's defaults as they are now: later changes to them never reach this user.
  const settings = realmUserSettingsDefaults(realm);
  return {
    type: 'user.created.v1',
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
      dateJoined: now.toISOString(),
      passwordHash: credentials.passwordHash,
      apiKeyHash: apiKeyHash(deriveApiKey(credentials.apiKeySecret, userId, credentials.apiKeyNonce)),
      apiKeyNonce: credentials.apiKeyNonce,
      settings,
    },
  };
}
