import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { DeviceRef } from '../bouncer-api';

/**
 * Not a REST operation: tokens a push provider said are no longer valid (the bouncer's
 * `deleted_devices`), forgotten by the user's devices (key `user:<userId>`). Sent by the push
 * service's jobs; tokens the user no longer has are skipped, so sending it twice is harmless.
 */
export const FORGET_PUSH_TOKENS = 'push_token.forget';
export const ForgetPushTokens = z.object({
  userId: UserId,
  devices: z.array(DeviceRef).max(100),
  /** E11 registrations, by the bouncer's device id. */
  bouncerDeviceIds: z.array(z.number().int().positive()).max(100).default([]),
});
export type ForgetPushTokens = z.infer<typeof ForgetPushTokens>;
