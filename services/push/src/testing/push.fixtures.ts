import type { PushDevicesEvent } from '@zulip-es/contracts';
import { evolve, noDevices, type UserDevices } from '../devices/user-devices.state';

export const USER = 7;

/** The user's devices after `events`, in order (given events → state). */
export const given = (...events: PushDevicesEvent[]): UserDevices =>
  events.reduce((state, event, i) => evolve(state, event, i + 1), noDevices(USER));

export const APNS_TOKEN = 'c0ffee00c0ffee00';

export const apnsAdded = (token = APNS_TOKEN, appId = 'org.zulip.Zulip'): PushDevicesEvent => ({
  type: 'push_token.added.v1',
  data: { userId: USER, kind: 'apns', token, appId },
});
export const fcmAdded = (token = 'fcm-token'): PushDevicesEvent => ({
  type: 'push_token.added.v1',
  data: { userId: USER, kind: 'fcm', token, appId: null },
});

export const registration = {
  token_kind: 'fcm' as const,
  push_account_id: 2408,
  push_public_key: 'cHVzaC1wdWJsaWMta2V5',
  bouncer_public_key: 'Ym91bmNlci1rZXk=',
  encrypted_push_registration: 'c2VhbGVk',
};

export const requested = (pushAccountId = registration.push_account_id): PushDevicesEvent => ({
  type: 'push_device.registration_requested.v1',
  data: {
    userId: USER,
    pushAccountId,
    tokenKind: 'fcm',
    pushPublicKey: registration.push_public_key,
    bouncerPublicKey: registration.bouncer_public_key,
    encryptedPushRegistration: registration.encrypted_push_registration,
  },
});
export const registered = (pushAccountId = registration.push_account_id, bouncerDeviceId = 51): PushDevicesEvent => ({
  type: 'push_device.registered.v1',
  data: { userId: USER, pushAccountId, bouncerDeviceId },
});
export const refused = (pushAccountId = registration.push_account_id): PushDevicesEvent => ({
  type: 'push_device.registration_failed.v1',
  data: { userId: USER, pushAccountId, errorCode: 'REQUEST_EXPIRED' },
});
