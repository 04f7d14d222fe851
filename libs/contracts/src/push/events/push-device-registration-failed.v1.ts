import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { BouncerRegistrationError, PushAccountId } from '../push-device';

/** The push bouncer refused a pending registration (`errorCode`); the client may register again. */
export const PushDeviceRegistrationFailedV1 = z.object({
  type: z.literal('push_device.registration_failed.v1'),
  data: z.object({ userId: UserId, pushAccountId: PushAccountId, errorCode: BouncerRegistrationError }),
});
export type PushDeviceRegistrationFailedV1 = z.infer<typeof PushDeviceRegistrationFailedV1>;
