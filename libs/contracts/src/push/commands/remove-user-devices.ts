import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * Not a REST operation: a deactivated user's devices all go (relayed from `user.deactivated.v1`,
 * command id `user.deactivated:<event id>`, key `user:<userId>`), as Zulip clears their tokens.
 */
export const REMOVE_USER_DEVICES = 'push_devices.remove_all';
export const RemoveUserDevices = z.object({ userId: UserId });
export type RemoveUserDevices = z.infer<typeof RemoveUserDevices>;
