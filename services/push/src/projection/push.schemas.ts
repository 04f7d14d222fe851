import { documentSchema } from '@zulip-es/platform';
import type { UserDevices } from '../devices/user-devices.state';

/** The push projection: each user's devices, one document by `user:<id>`. */
export const DEVICES = documentSchema<UserDevices & { _id: string }>('devices', {
  userId: 'Number',
  version: 'Number',
  tokens: 'Mixed',
  registrations: 'Mixed',
});
