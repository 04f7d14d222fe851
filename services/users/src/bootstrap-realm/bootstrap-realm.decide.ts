import { REALM_ID, Role, type BootstrapRealm } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { userCreated, type Credentials } from '../create-user/create-user.decide';
import { REALM_AGGREGATE, type RealmState } from '../domain/realm.state';
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
  botCredentials: Omit<Credentials, 'passwordHash'>,
): UsersNewEvent[] {
  if (realm) return [];
  const fullName = checkFullName(cmd.ownerFullName);
  if (!isValidEmail(cmd.ownerEmail)) throw badRequest('Bad name or username');
  if (!isStrongEnough(cmd.ownerPassword)) throw badRequest(PASSWORD_TOO_WEAK);
  const url = new URL(realmUrl);
  const created: RealmState = {
    realmId: REALM_ID,
    name: cmd.realmName,
    host: url.host,
    url: url.origin,
    createdAt: now.toISOString(),
    settings: {} as RealmState['settings'],
    version: 1,
  };
  return [
    {
      type: 'realm.created.v1',
      aggregateId: REALM_AGGREGATE,
      sequence: 1,
      data: { realmId: REALM_ID, name: created.name, host: created.host, url: created.url, createdAt: created.createdAt },
    },
    ...systemGroupsCreated(),
    userCreated({ userId: 1, realm: created, email: cmd.ownerEmail, fullName, role: Role.OWNER, credentials, now }),
    systemBotCreated('notification', 2, created, botCredentials, now),
    systemBotCreated('welcome', 3, created, botCredentials, now),
  ];
}
