import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { PushAccountId, TokenKind } from '../push-device';

/**
 * POST /mobile_push/register (E11): the user's client asked for end-to-end encrypted pushes to a
 * device; the registration is pending until the push bouncer answers. The device token itself is
 * inside `encryptedPushRegistration`, readable only by the bouncer.
 */
export const PushDeviceRegistrationRequestedV1 = z.object({
  type: z.literal('push_device.registration_requested.v1'),
  data: z.object({
    userId: UserId,
    pushAccountId: PushAccountId,
    tokenKind: TokenKind,
    /** The device's NaCl public key (base64): pushes are encrypted to it. */
    pushPublicKey: z.string(),
    /** Which of the bouncer's public keys sealed `encryptedPushRegistration`. */
    bouncerPublicKey: z.string(),
    /** A NaCl sealed box (base64) of the JSON `{token, token_kind, timestamp, ios_app_id?}`. */
    encryptedPushRegistration: z.string(),
  }),
});
export type PushDeviceRegistrationRequestedV1 = z.infer<typeof PushDeviceRegistrationRequestedV1>;
