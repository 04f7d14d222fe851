import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { TokenKind } from '../push-device';

/**
 * A user's device token (legacy, not end-to-end encrypted pushes): POST /users/me/apns_device_token
 * or /users/me/android_gcm_reg_id. Adding a known token again with another `appId` replaces it.
 */
export const PushTokenAddedV1 = z.object({
  type: z.literal('push_token.added.v1'),
  data: z.object({
    userId: UserId,
    kind: TokenKind,
    token: z.string(),
    /** The iOS app's id (APNs); null for FCM. */
    appId: z.string().nullable(),
  }),
});
export type PushTokenAddedV1 = z.infer<typeof PushTokenAddedV1>;
