import { canSeeDeliveryEmail } from '../domain/user-view';
import type { UserState } from '../domain/user.state';

/**
 * Zulip's `access_user_by_email` for a real address: the owner counts only if the caller may see
 * that address, so a hidden address answers exactly like an unknown one.
 */
export const visibleByRealEmail = (actor: UserState, found: UserState | null): UserState | null =>
  found && canSeeDeliveryEmail(actor, found) ? found : null;
