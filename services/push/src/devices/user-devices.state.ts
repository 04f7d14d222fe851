import type { BouncerRegistrationError, PushDevicesEvent, TokenKind } from '@zulip-es/contracts';
import type { PushNewEvent } from '../shared/push-new-event';

/** A legacy device token (pushes not end-to-end encrypted). */
export interface PushToken {
  kind: TokenKind;
  token: string;
  appId: string | null;
}

/** An end-to-end encrypted registration (E11), by the client's `push_account_id`. */
export interface PushRegistration {
  pushAccountId: number;
  tokenKind: TokenKind;
  pushPublicKey: string;
  bouncerPublicKey: string;
  /** Zulip's `push_device` event statuses. */
  status: 'pending' | 'active' | 'failed';
  errorCode: BouncerRegistrationError | null;
  bouncerDeviceId: number | null;
  /** The sequence of the request the bouncer's answer must name. */
  requestSequence: number;
}

/** One user's devices: the aggregate every push command of that user is decided on (key `user:<id>`). */
export interface UserDevices {
  userId: number;
  /** The sequence of the last event applied; 0 for a user with none. */
  version: number;
  tokens: PushToken[];
  registrations: PushRegistration[];
}

export const devicesAggregateId = (userId: number): string => `push_devices:${userId}`;

export const noDevices = (userId: number): UserDevices => ({ userId, version: 0, tokens: [], registrations: [] });

export const findToken = (devices: UserDevices, kind: TokenKind, token: string): PushToken | undefined =>
  devices.tokens.find((t) => t.kind === kind && t.token === token);

export const findRegistration = (devices: UserDevices, pushAccountId: number): PushRegistration | undefined =>
  devices.registrations.find((r) => r.pushAccountId === pushAccountId);

/** The user's devices after `event`, the `sequence`th of the aggregate. */
export function evolve(devices: UserDevices, event: PushDevicesEvent, sequence: number): UserDevices {
  const next = { ...devices, version: sequence };
  switch (event.type) {
    case 'push_token.added.v1': {
      const { kind, token, appId } = event.data;
      return { ...next, tokens: [...devices.tokens.filter((t) => !(t.kind === kind && t.token === token)), { kind, token, appId }] };
    }
    case 'push_token.removed.v1': {
      const { kind, token } = event.data;
      return { ...next, tokens: devices.tokens.filter((t) => !(t.kind === kind && t.token === token)) };
    }
    case 'push_device.registration_requested.v1': {
      const { pushAccountId, tokenKind, pushPublicKey, bouncerPublicKey } = event.data;
      const registration: PushRegistration = {
        pushAccountId,
        tokenKind,
        pushPublicKey,
        bouncerPublicKey,
        status: 'pending',
        errorCode: null,
        bouncerDeviceId: null,
        requestSequence: sequence,
      };
      return { ...next, registrations: [...devices.registrations.filter((r) => r.pushAccountId !== pushAccountId), registration] };
    }
    case 'push_device.registered.v1': {
      const { pushAccountId, bouncerDeviceId } = event.data;
      return {
        ...next,
        registrations: devices.registrations.map((r) =>
          r.pushAccountId === pushAccountId ? { ...r, status: 'active', errorCode: null, bouncerDeviceId } : r,
        ),
      };
    }
    case 'push_device.registration_failed.v1': {
      const { pushAccountId, errorCode } = event.data;
      return {
        ...next,
        registrations: devices.registrations.map((r) => (r.pushAccountId === pushAccountId ? { ...r, status: 'failed', errorCode } : r)),
      };
    }
    case 'push_device.removed.v1':
      return { ...next, registrations: devices.registrations.filter((r) => r.pushAccountId !== event.data.pushAccountId) };
    default: {
      const unexpected: never = event;
      throw new Error(`no evolve for ${JSON.stringify(unexpected)}`);
    }
  }
}

/** `event` as the aggregate's next. */
export const nextEvent = (devices: UserDevices, event: PushDevicesEvent): PushNewEvent => ({
  ...event,
  aggregateId: devicesAggregateId(devices.userId),
  sequence: devices.version + 1,
});
