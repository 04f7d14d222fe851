import { Role } from '@zulip-es/contracts';
import type { UserState } from '../domain/user.state';

/**
 * Zulip's `CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE`: when set, a user who cannot access all
 * users sees presence only of the users they can access. In Zulip only guests can be limited
 * (through the organization's `can_access_all_users_group`), and a limited guest can access
 * themselves plus the people they share a channel or a direct message with. This server has no
 * such organization setting yet and the users service knows no channels, so with the flag on a
 * guest sees only themselves; with it off (the default) everyone sees everyone.
 */
export function presenceVisibleTo(viewer: UserState, limitsPresence: boolean): (user: UserState) => boolean {
  if (!limitsPresence || viewer.role !== Role.GUEST) return () => true;
  return (user) => user.userId === viewer.userId;
}
