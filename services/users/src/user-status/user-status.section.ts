import type { RegisterSection } from '../register/register-section';
import { userStatusView } from './user-status.state';

/**
 * Fetch type `user_status`: `{ "<user_id>": status }` for every active user who has set
 * something (Zulip leaves out users whose status is empty).
 */
export const userStatusSection: RegisterSection = {
  fetchType: 'user_status',
  async state({ repo }) {
    const [statuses, users] = await Promise.all([repo.allUserStatuses(), repo.allUsers()]);
    const active = new Set(users.filter((u) => u.isActive).map((u) => u.userId));
    const entries = statuses
      .filter((s) => active.has(s.userId))
      .map((s) => [String(s.userId), userStatusView(s)] as const)
      .filter(([, view]) => Object.keys(view).length > 0);
    return { user_status: Object.fromEntries(entries) };
  },
};
