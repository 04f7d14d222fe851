import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { PushAccountId } from '../push-device';

/** The push bouncer accepted a pending registration: pushes to the device go through `bouncerDeviceId`. */
export const PushDeviceRegisteredV1 = z.object({
  type: z.literal('push_device.registered.v1'),
  data: z.object({ userId: UserId, pushAccountId: PushAccountId, bouncerDeviceId: z.number().int().positive() }),
});
export type PushDeviceRegisteredV1 = z.infer<typeof PushDeviceRegisteredV1>;
