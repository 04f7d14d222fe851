import { canSeeDeliveryEmail } from '../domain/user-view';
import type { UserState } from '../domain/user.state';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The id inside a dummy address `user<id>@<realm host>` (Zulip's
 * `get_dummy_email_address_for_display_regex`), or null for any other address.
 */
export function dummyEmailUserId(email: string, realmHost: string): number | null {
  const match = new RegExp(`^user(\\d+)@${escapeRegExp(realmHost)}$`).exec(email);
  return match ? Number(match[1]) : null;
}

/**
 * Zulip's `access_user_by_email` for a real address: the owner counts only if the caller may see
 * that address, so a hidden address answers exactly like an unknown one.
 */
export const visibleByRealEmail = (actor: UserState, found: UserState | null): UserState | null =>
  found && canSeeDeliveryEmail(actor, found) ? found : null;
