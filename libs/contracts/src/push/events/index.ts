import { z } from 'zod';
import { PushDeviceRegisteredV1 } from './push-device-registered.v1';
import { PushDeviceRegistrationFailedV1 } from './push-device-registration-failed.v1';
import { PushDeviceRegistrationRequestedV1 } from './push-device-registration-requested.v1';
import { PushTokenAddedV1 } from './push-token-added.v1';
import { PushTokenRemovedV1 } from './push-token-removed.v1';

export * from './push-device-registered.v1';
export * from './push-device-registration-failed.v1';
export * from './push-device-registration-requested.v1';
export * from './push-token-added.v1';
export * from './push-token-removed.v1';

/** Every event on `push.events`, discriminated by `type`. */
export const PushEvent = z.discriminatedUnion('type', [
  PushTokenAddedV1,
  PushTokenRemovedV1,
  PushDeviceRegistrationRequestedV1,
  PushDeviceRegisteredV1,
  PushDeviceRegistrationFailedV1,
]);
export type PushEvent = z.infer<typeof PushEvent>;
