import type { UserState } from '../domain/user.state';

/**
 * Whether `user` shares their presence (Zulip's `presence_enabled` setting; false is "invisible
 * mode": their pings are not recorded and nobody sees their presence).
 *
 * Per-user settings are being added in parallel: once they exist, read the user's
 * `presence_enabled` here. Until then every user shares their presence. This is the only place
 * that decides it; the presence rules take its answer as an input.
 */
export function presenceEnabled(user: UserState): boolean {
  void user;
  return true;
}
