import type { UserState } from '../domain/user.state';
import { userSetting } from '../user-settings/user-setting';

export interface ExportConsent {
  user_id: number;
  consented: boolean;
}

/**
 * Zulip's `get_users_export_consents`: every active human user and their
 * `allow_private_data_export`, by user id. (Zulip's current source adds each user's
 * `email_address_visibility`; the API document's answer has only these two fields.)
 */
export function exportConsents(users: readonly UserState[]): ExportConsent[] {
  return users
    .filter((u) => u.isActive && !u.isBot)
    .sort((a, b) => a.userId - b.userId)
    .map((u) => ({ user_id: u.userId, consented: userSetting(u, 'allow_private_data_export') }));
}
