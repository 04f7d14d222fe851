import { dummyEmailUserId } from '@zulip-es/contracts';
import type { RealmState } from '../domain/realm.state';
import { canSeeDeliveryEmail } from '@zulip-es/zulip-rules';
import type { UserState } from '../domain/user.state';
import type { UsersRepository } from '../projection/users.repository';

/**
 * Zulip's `access_user_by_email` for a real address: the owner counts only if the caller may see
 * that address, so a hidden address answers exactly like an unknown one.
 */
export const visibleByRealEmail = (actor: UserState, found: UserState | null): UserState | null =>
  found && canSeeDeliveryEmail(actor, found) ? found : null;

/** The user an email names for `actor`: a dummy API address (`user{id}@host`) names anyone, a real one only if visible. */
export async function userByEmailFor(
  repo: Pick<UsersRepository, 'user' | 'userByEmail'>,
  actor: UserState,
  realm: Pick<RealmState, 'host'>,
  email: string,
): Promise<UserState | null> {
  const id = dummyEmailUserId(email, realm.host);
  if (id !== null) return repo.user(id);
  return visibleByRealEmail(actor, await repo.userByEmail(email));
}
