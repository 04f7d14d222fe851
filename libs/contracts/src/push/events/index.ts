import { z } from 'zod';
import { PushDeviceRegisteredV1 } from './push-device-registered.v1';
import { PushDeviceRemovedV1 } from './push-device-removed.v1';
import { PushDeviceRegistrationFailedV1 } from './push-device-registration-failed.v1';
import { PushDeviceRegistrationRequestedV1 } from './push-device-registration-requested.v1';
import { PushNotificationRequestedV1 } from './push-notification-requested.v1';
import { PushTokenAddedV1 } from './push-token-added.v1';
import { PushTokenRemovedV1 } from './push-token-removed.v1';

export * from './push-device-registered.v1';
export * from './push-device-removed.v1';
export * from './push-device-registration-failed.v1';
export * from './push-device-registration-requested.v1';
export * from './push-notification-requested.v1';
export * from './push-token-added.v1';
export * from './push-token-removed.v1';

/** The events of a user's devices (aggregate `push_devices:<userId>`), discriminated by `type`. */
export const PushDevicesEvent = z.discriminatedUnion('type', [
  PushTokenAddedV1,
  PushTokenRemovedV1,
  PushDeviceRegistrationRequestedV1,
  PushDeviceRegisteredV1,
  PushDeviceRegistrationFailedV1,
  PushDeviceRemovedV1,
]);
export type PushDevicesEvent = z.infer<typeof PushDevicesEvent>;

/** Every event on `push.events`, discriminated by `type`. */
export const PushEvent = z.discriminatedUnion('type', [...PushDevicesEvent.options, PushNotificationRequestedV1]);
export type PushEvent = z.infer<typeof PushEvent>;
