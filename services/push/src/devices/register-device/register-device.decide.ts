import type { OperationData, registerPushDevice } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import { findRegistration, nextEvent, type UserDevices } from '../user-devices.state';
import type { PushNewEvent } from '../../shared/push-new-event';

export type RegisterDevice = OperationData<typeof registerPushDevice>;

/**
 * E11: a registration pending or accepted for the same `push_account_id` is kept as it is
 * (Zulip answers success and does nothing); a new one, or one the bouncer refused, is requested.
 * The bouncer alone can read the token, so nothing about it is checked here.
 */
export function decideRegisterDevice(data: RegisterDevice, devices: UserDevices, bouncerConfigured: boolean): PushNewEvent[] {
  if (!bouncerConfigured)
    throw new DomainError('PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');
  const existing = findRegistration(devices, data.push_account_id);
  if (existing && existing.status !== 'failed') return [];
  return [
    nextEvent(devices, {
      type: 'push_device.registration_requested.v1',
      data: {
        userId: devices.userId,
        pushAccountId: data.push_account_id,
        tokenKind: data.token_kind,
        pushPublicKey: data.push_public_key,
        bouncerPublicKey: data.bouncer_public_key,
        encryptedPushRegistration: data.encrypted_push_registration,
      },
    }),
  ];
}
