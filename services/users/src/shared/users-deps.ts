import { DomainError, type ObjectStore } from '@zulip-es/platform';
import type { UsersConfig } from '../config';
import type { CredentialsStore } from '../credentials/credentials-store';
import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';
import type { ChannelDirectory } from '../invites/channel-directory';
import type { PresenceStore } from '../presence/presence-store';
import type { UsersRepository } from '../projection/users.repository';

/** What every users handler works with (provided by the projection module). */
export interface UsersDeps {
  repo: UsersRepository;
  config: Pick<
    UsersConfig,
    | 'API_KEY_SECRET'
    | 'REALM_URL'
    | 'MAX_FILE_UPLOAD_SIZE_MIB'
    | 'UPLOAD_QUOTA_MIB'
    | 'CAN_CHANGE_USER_EMAILS'
    | 'CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE'
    | 'INVITES_DAILY_LIMIT_PER_USER'
    | 'PUSH_BOUNCER_URL'
  >;
  /** The latest presence pings (Redis). */
  presence: PresenceStore;
  /** The channels, as read from the messages service's events. */
  channels: ChannelDirectory;
  /** Every user's password hash and API key nonce (the private `users.credentials` topic). */
  credentials: CredentialsStore;
  /** The uploads bucket, where custom emoji images are stored. */
  objects: Pick<ObjectStore, 'readWhole' | 'put'>;
  /** When this process started (Zulip's `server_generation`). */
  startedAt: Date;
}

export const USERS_DEPS = Symbol('USERS_DEPS');

/** The organization and the acting user, as the service's own projection knows them: for decisions. */
export async function loadActor(repo: UsersRepository, actorId: number | null): Promise<{ realm: RealmState; actor: UserState }> {
  return checkActor(await Promise.all([repo.realm(), actorId === null ? null : repo.user(actorId)]));
}

/** The organization and the acting user as this process last knew them (see `knownUser`): for queries. */
export async function loadCaller(repo: UsersRepository, actorId: number | null): Promise<{ realm: RealmState; actor: UserState }> {
  return checkActor(await Promise.all([repo.knownRealm(), actorId === null ? null : repo.knownUser(actorId)]));
}

function checkActor([realm, actor]: [RealmState | null, UserState | null]): { realm: RealmState; actor: UserState } {
  if (!realm || !actor) throw new DomainError('UNAUTHORIZED', 'Not logged in: API authentication or user session required');
  if (!actor.isActive) throw new DomainError('USER_DEACTIVATED', 'Account is deactivated');
  return { realm, actor };
}
