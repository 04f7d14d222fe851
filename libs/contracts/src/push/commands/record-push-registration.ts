import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { BouncerRegistrationError, PushAccountId } from '../push-device';

/**
 * Not a REST operation: the push service's registration job sends the bouncer's answer to a
 * pending registration back to the service (key `user:<userId>`, command id
 * `push-registration:<job id>`, so a retried job records nothing twice). `requestSequence` names the
 * request it answers: the answer to a request since superseded changes nothing.
 */
export const RECORD_PUSH_REGISTRATION = 'push_device.record_registration';
export const RecordPushRegistration = z.object({
  userId: UserId,
  pushAccountId: PushAccountId,
  requestSequence: z.number().int().positive(),
  outcome: z.discriminatedUnion('status', [
    z.object({ status: z.literal('active'), bouncerDeviceId: z.number().int().positive() }),
    z.object({ status: z.literal('failed'), errorCode: BouncerRegistrationError }),
  ]),
});
export type RecordPushRegistration = z.infer<typeof RecordPushRegistration>;
