import { badRequest, DomainError } from '@zulip-es/platform';
import type { GroupMembership } from '@zulip-es/zulip-rules';
import type { ReadRealm } from '../users-read-model/realm-settings';
import type { ReadGroup, ReadUser, UsersReadModel } from '../users-read-model/users-read-model';
import type { AccessContext } from './channel-access';
import type { SettingLookups } from './channel-settings';

/** What every channel decision needs of the users domain: the caller, lookups, groups, settings. */
export interface ChannelsContext extends AccessContext, SettingLookups {
  actor: ReadUser;
  realm: ReadRealm;
  membership: GroupMembership;
  userByApiEmail(email: string): ReadUser | undefined;
}

/** The caller as this service's copy of the users domain knows them (it has read up to the caller's positions). */
export function channelsContext(users: UsersReadModel, actorId: number | null): ChannelsContext {
  const realm = users.realm;
  const actor = actorId === null ? undefined : users.user(actorId);
  if (!realm || !actor) throw new DomainError('UNAUTHORIZED', 'Not logged in: API authentication or user session required');
  if (!actor.isActive) throw new DomainError('USER_DEACTIVATED', 'Account is deactivated');
  return {
    actor,
    realm,
    membership: users.membership(),
    user: (userId: number): ReadUser | undefined => users.user(userId),
    group: (groupId: number): ReadGroup | undefined => users.group(groupId),
    userByApiEmail: (email: string): ReadUser | undefined => users.userByApiEmail(email),
  };
}

/**
 * Zulip's `bulk_principals_to_user_profiles`: user ids or API emails, every one must exist
 * ("No such user"), then be active; bots are allowed.
 */
export function resolvePrincipals(
  ctx: Pick<ChannelsContext, 'user' | 'userByApiEmail'>,
  principals: readonly (string | number)[],
): ReadUser[] {
  const found = principals.map((p) => (typeof p === 'number' ? ctx.user(p) : ctx.userByApiEmail(p)));
  if (found.some((u) => !u)) throw badRequest('No such user');
  const users = found as ReadUser[];
  if (users.some((u) => !u.isActive)) throw badRequest('User is deactivated');
  return [...new Map(users.map((u) => [u.userId, u])).values()];
}

/** The ids among `principals` that name a known user: what a handler loads before deciding. */
export function knownPrincipalIds(
  ctx: Pick<ChannelsContext, 'user' | 'userByApiEmail'>,
  principals: readonly (string | number)[] | undefined,
): number[] {
  return (principals ?? []).map((p) => (typeof p === 'number' ? ctx.user(p) : ctx.userByApiEmail(p))).flatMap((u) => (u ? [u.userId] : []));
}
