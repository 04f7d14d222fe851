import { presenceVisibleTo } from '../presence/presence-access';
import type { RegisterSection } from '../register/register-section';
import { userStatusView } from './user-status.state';

/**
 * Fetch type `user_status`: `{ "<user_id>": status }` for every active user who has set
 * something (Zulip leaves out empty statuses), limited like presence to the users the caller can
 * access when CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE is set.
 */
export const userStatusSection: RegisterSection = {
  fetchType: 'user_status',
  async state({ repo, actor, config }) {
    const [statuses, users] = await Promise.all([repo.allUserStatuses(), repo.allUsers()]);
    const visible = presenceVisibleTo(actor, config.CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE);
    const shown = new Set(users.filter((u) => u.isActive && visible(u)).map((u) => u.userId));
    const entries = statuses
      .filter((s) => shown.has(s.userId))
      .map((s) => [String(s.userId), userStatusView(s)] as const)
      .filter(([, view]) => Object.keys(view).length > 0);
    return { user_status: Object.fromEntries(entries) };
  },
};
