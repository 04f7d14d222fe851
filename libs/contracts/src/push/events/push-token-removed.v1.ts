import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { TokenKind } from '../push-device';

/**
 * A user's device token is gone: removed by the user (DELETE /users/me/apns_device_token or
 * /users/me/android_gcm_reg_id; `reason` absent or `user`), by its push provider, which said
 * it is no longer valid (`provider`), or with its user's deactivation (`deactivated`).
 */
export const PushTokenRemovedV1 = z.object({
  type: z.literal('push_token.removed.v1'),
  data: z.object({ userId: UserId, kind: TokenKind, token: z.string(), reason: z.enum(['user', 'provider', 'deactivated']).optional() }),
});
export type PushTokenRemovedV1 = z.infer<typeof PushTokenRemovedV1>;
