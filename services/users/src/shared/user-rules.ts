import { MAX_FULL_NAME_LENGTH, Role } from '@zulip-es/contracts';
import { adminRequired, badRequest } from '@zulip-es/platform';
import type { UserState } from '../domain/user.state';

/** Zulip's `check_full_name`: trimmed, not blank, not too long, none of the characters Markdown mentions use. */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if (name.length > MAX_FULL_NAME_LENGTH) throw badRequest('Name too long!');
  if (name.length === 0) throw badRequest('Name too short!');
  if (/[*`\\>"@]/.test(name) || /\p{Cc}/u.test(name)) throw badRequest('Invalid characters in name!');
  return name;
}

export function requireAdmin(actor: UserState): void {
  if (actor.role > Role.ADMINISTRATOR) throw adminRequired();
}

/** Zulip's `access_user_by_id` for administrators: the user must exist and, unless allowed, be active. */
export function accessTarget(target: UserState | null, options: { allowDeactivated: boolean }): UserState {
  if (!target) throw badRequest('No such user');
  if (!target.isActive && !options.allowDeactivated) throw badRequest('User is deactivated');
  return target;
}

const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const isValidEmail = (email: string): boolean => EMAIL.test(email);

export const PASSWORD_TOO_WEAK = 'The password is too weak.';
/** Zulip's `PASSWORD_MIN_LENGTH`. */
export const MIN_PASSWORD_LENGTH = 6;

/** Zulip's minimum is 6 characters plus a zxcvbn guess estimate; this keeps the length and refuses one repeated character. */
export const isStrongEnough = (password: string): boolean => password.length >= MIN_PASSWORD_LENGTH && new Set(password).size > 1;
