import { REALM_ID, Role, type BootstrapRealm } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { userCreated, type CreatedUsers, type Credentials } from '../create-user/create-user.decide';
import { evolveRealm, REALM_AGGREGATE, type RealmState } from '../domain/realm.state';
import { NEW_REALM_SETTINGS, NEW_REALM_USER_SETTINGS_DEFAULTS } from './new-realm-settings';
import { systemGroupsCreated } from '../user-groups/system-group-events';
import { systemBotCreated } from './system-bots';
import { checkFullName, isStrongEnough, isValidEmail, PASSWORD_TOO_WEAK } from '../shared/user-rules';
import type { UsersNewEvent } from '../shared/users-new-event';

export { REALM_ID };

/** The organization, its role-based system groups, its first owner and the Notification Bot; nothing when the organization already exists. */
export function decideBootstrapRealm(
  cmd: BootstrapRealm,
  realm: RealmState | null,
  realmUrl: string,
  credentials: Credentials,
  now: Date,
): CreatedUsers {
  if (realm) return { events: [], credentials: [] };
  const fullName = checkFullName(cmd.ownerFullName);
  if (!isValidEmail(cmd.ownerEmail)) throw badRequest('Bad name or username');
  if (!isStrongEnough(cmd.ownerPassword)) throw badRequest(PASSWORD_TOO_WEAK);
  const url = new URL(realmUrl);
  const realmCreated: UsersNewEvent<'realm.created.v2'> = {
    type: 'realm.created.v2',
    aggregateId: REALM_AGGREGATE,
    sequence: 1,
    data: {
      realmId: REALM_ID,
      name: cmd.realmName,
      host: url.host,
      url: url.origin,
      createdAt: now.toISOString(),
      settings: { ...NEW_REALM_SETTINGS },
      userSettingsDefaults: { ...NEW_REALM_USER_SETTINGS_DEFAULTS },
    },
  };
  const created = evolveRealm(null, realmCreated, realmCreated.sequence);
  const users = [
    userCreated({ userId: 1, realm: created, email: cmd.ownerEmail, fullName, role: Role.OWNER, credentials, now }),
    systemBotCreated('notification', 2, created, credentials.apiKeySecret, now),
    systemBotCreated('welcome', 3, created, credentials.apiKeySecret, now),
  ];
  return {
    events: [realmCreated, ...systemGroupsCreated(), ...users.map((user) => user.event)],
    credentials: users.map((user) => user.credentials),
  };
}
