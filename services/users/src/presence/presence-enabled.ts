import type { UserState } from '../domain/user.state';
import { userSetting } from '../user-settings/user-setting';

/**
 * Whether `user` shares their presence (Zulip's `presence_enabled` setting; false is "invisible
 * mode": their pings are not recorded and nobody sees their presence). The only place that
 * decides it; the presence rules take its answer as an input.
 */
export const presenceEnabled = (user: UserState): boolean => userSetting(user, 'presence_enabled');
