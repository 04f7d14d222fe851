import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { PushAccountId } from '../push-device';

/** An end-to-end encrypted registration is gone: its user was deactivated, or its provider said its token is no longer valid. */
export const PushDeviceRemovedV1 = z.object({
  type: z.literal('push_device.removed.v1'),
  data: z.object({ userId: UserId, pushAccountId: PushAccountId, reason: z.enum(['deactivated', 'provider']) }),
});
export type PushDeviceRemovedV1 = z.infer<typeof PushDeviceRemovedV1>;
