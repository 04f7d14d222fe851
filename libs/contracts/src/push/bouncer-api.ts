import { z } from 'zod';
import { BouncerRegistrationError, TokenKind } from './push-device';

/**
 * The push bouncer's HTTP API, as servers call it, modelled on Zulip's `remotes/push/*`; every
 * call authenticates with HTTP Basic, the server's uuid and API key. E11 registrations are form
 * fields, as Zulip sends them; the others are JSON.
 */
export const BOUNCER_REGISTER_PATH = '/api/v1/remotes/push/e2ee/register';
/** A legacy token added or removed: `BouncerTokenRequest`. */
export const BOUNCER_TOKEN_REGISTER_PATH = '/api/v1/remotes/push/register';
export const BOUNCER_TOKEN_UNREGISTER_PATH = '/api/v1/remotes/push/unregister';
/** A notification to a user's legacy tokens: `BouncerNotifyRequest`. */
export const BOUNCER_NOTIFY_PATH = '/api/v1/remotes/push/notify';
/** A notification to E11 devices, encrypted by the server for each: `BouncerE2eeNotifyRequest`. */
export const BOUNCER_E2EE_NOTIFY_PATH = '/api/v1/remotes/push/e2ee/notify';

export const BouncerRegisterRequest = z.object({
  push_account_id: z.coerce.number().int(),
  bouncer_public_key: z.string().min(1),
  encrypted_push_registration: z.string().min(1),
});
export type BouncerRegisterRequest = z.infer<typeof BouncerRegisterRequest>;

export const BouncerRegisterReply = z.union([
  z.object({ result: z.literal('success'), device_id: z.number().int().positive() }),
  z.object({ result: z.literal('error'), code: BouncerRegistrationError, msg: z.string() }),
]);
export type BouncerRegisterReply = z.infer<typeof BouncerRegisterReply>;

/**
 * A legacy token of one of the server's users. `sequence` orders the calls about one token (the
 * server's event sequence): the bouncer applies a call only when it is newer than the last one it
 * applied, so calls retried or run out of order leave the newest state.
 */
export const BouncerTokenRequest = z.object({
  user_id: z.number().int().positive(),
  token_kind: TokenKind,
  token: z.string().min(1).max(4096),
  ios_app_id: z.string().min(1).nullable().default(null),
  sequence: z.number().int().positive(),
});
export type BouncerTokenRequest = z.infer<typeof BouncerTokenRequest>;

export const DeviceRef = z.object({ kind: TokenKind, token: z.string() });
export type DeviceRef = z.infer<typeof DeviceRef>;

/**
 * What a device is sent, built by the server (Zulip's `apns_payload` and `gcm_payload`): the APNs
 * body as posted (`aps` and the `zulip` dictionary), and the FCM data message, whose values FCM
 * requires to be strings.
 */
export const PushPayloads = z.object({
  apns: z.record(z.string(), z.unknown()),
  fcm: z.record(z.string(), z.string()),
});
export type PushPayloads = z.infer<typeof PushPayloads>;

/** A notification to the legacy tokens of one user; with `devices`, to those of them only. */
export const BouncerNotifyRequest = z.object({
  user_id: z.number().int().positive(),
  payloads: PushPayloads,
  devices: z.array(DeviceRef).max(100).optional(),
});
export type BouncerNotifyRequest = z.infer<typeof BouncerNotifyRequest>;

/**
 * How many devices of each kind the notification reached; the named `devices` the bouncer does
 * not know; and the tokens the provider said are no longer valid, which the bouncer forgot and
 * the server should forget too (Zulip's `deleted_devices`).
 */
export const BouncerNotifyReply = z.object({
  result: z.literal('success'),
  sent: z.object({ fcm: z.number().int().min(0), apns: z.number().int().min(0) }),
  unknown_devices: z.array(DeviceRef),
  deleted_devices: z.array(DeviceRef),
});
export type BouncerNotifyReply = z.infer<typeof BouncerNotifyReply>;

/**
 * A notification to end-to-end encrypted devices: for each (the bouncer's `device_id`), the
 * payload sealed by the server to the device's `push_public_key` (base64). The bouncer sees no
 * content: it pushes `push_account_id` and `encrypted_data` to the device.
 */
export const BouncerE2eeNotifyRequest = z.object({
  devices: z
    .array(z.object({ device_id: z.number().int().positive(), encrypted_data: z.string().min(1).max(16_384) }))
    .min(1)
    .max(100),
});
export type BouncerE2eeNotifyRequest = z.infer<typeof BouncerE2eeNotifyRequest>;

/** Devices reached; devices not this server's or unknown; devices the provider calls dead (forgotten). */
export const BouncerE2eeNotifyReply = z.object({
  result: z.literal('success'),
  sent: z.object({ fcm: z.number().int().min(0), apns: z.number().int().min(0) }),
  unknown_device_ids: z.array(z.number().int()),
  deleted_device_ids: z.array(z.number().int()),
});
export type BouncerE2eeNotifyReply = z.infer<typeof BouncerE2eeNotifyReply>;
