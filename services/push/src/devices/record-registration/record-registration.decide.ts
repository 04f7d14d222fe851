import type { RecordPushRegistration } from '@zulip-es/contracts';
import { findRegistration, nextEvent, type UserDevices } from '../user-devices.state';
import type { PushNewEvent } from '../../shared/push-new-event';

/**
 * The bouncer's answer to a pending registration. An answer to a request since superseded (the
 * client registered again after a refusal) or already recorded changes nothing.
 */
export function decideRecordRegistration(
  { pushAccountId, requestSequence, outcome }: RecordPushRegistration,
  devices: UserDevices,
): PushNewEvent[] {
  const registration = findRegistration(devices, pushAccountId);
  if (registration?.status !== 'pending' || registration.requestSequence !== requestSequence) return [];
  const { userId } = devices;
  return [
    nextEvent(
      devices,
      outcome.status === 'active'
        ? { type: 'push_device.registered.v1', data: { userId, pushAccountId, bouncerDeviceId: outcome.bouncerDeviceId } }
        : { type: 'push_device.registration_failed.v1', data: { userId, pushAccountId, errorCode: outcome.errorCode } },
    ),
  ];
}
