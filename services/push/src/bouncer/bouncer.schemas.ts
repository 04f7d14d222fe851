import { documentSchema } from '@zulip-es/platform';
import type { BouncerDevice } from './bouncer-devices';
import type { TokenRecord } from './bouncer-tokens';

/** The bouncer's own database (a separate party): every lookup is by `_id`. */
export const BOUNCER_DEVICES = documentSchema<BouncerDevice>('devices', {
  deviceId: 'Number',
  server: 'String',
  pushAccountId: 'Number',
  tokenKind: 'String',
  token: 'String',
  iosAppId: 'String',
  registeredAt: 'Date',
});
/** Device id (as a string) → the device's `_id`. */
export const DEVICE_IDS = documentSchema<{ _id: string; device: string }>('device_ids', { device: 'String' });
/** Blocks of device ids reserved so far, by counter (`devices`). */
export const BOUNCER_COUNTERS = documentSchema<{ _id: string; last: number }>('counters', { last: 'Number' });
/** One document per server and user, `<server>/<userId>`. */
export const USER_TOKENS = documentSchema<{ _id: string; tokens: TokenRecord[] }>('user_tokens', { tokens: 'Mixed' });
