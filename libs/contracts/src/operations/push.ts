import { z } from 'zod';
import { PushAccountId, TokenKind } from '../push/push-device';
import { MAX_IDENTIFIER_LENGTH, MAX_TOKEN_LENGTH } from '../limits';
import { EmptyReply } from './replies';
import { defineOperation } from './operation';

/**
 * A user's devices are one aggregate, decided on key `actor`. Zulip checks token formats in the
 * view (`validate_token`), so the service does too, with Zulip's messages: any string is accepted here.
 */
/** Zulip's `validate_token` refuses a longer one with this message. */
const LegacyToken = z.string().max(MAX_TOKEN_LENGTH, { message: 'Empty or invalid length token' });
const Token = { token: LegacyToken };

/** POST /mobile_push/register (E11): register a device for end-to-end encrypted pushes, through the push bouncer. */
export const registerPushDevice = defineOperation({
  type: 'push_device.register',
  method: 'POST',
  path: '/mobile_push/register',
  service: 'push',
  kind: 'command',
  auth: 'user',
  params: z.object({
    token_kind: TokenKind,
    push_account_id: PushAccountId,
    push_public_key: z.string().max(MAX_TOKEN_LENGTH),
    bouncer_public_key: z.string().max(MAX_TOKEN_LENGTH),
    encrypted_push_registration: z.string().max(MAX_TOKEN_LENGTH),
  }),
  reply: EmptyReply,
  key: 'actor',
});

/** POST /users/me/apns_device_token: a legacy APNs token of the caller's iOS app `appid`. */
export const addApnsToken = defineOperation({
  type: 'push_token.add_apns',
  method: 'POST',
  path: '/users/me/apns_device_token',
  service: 'push',
  kind: 'command',
  auth: 'user',
  params: z.object({ ...Token, appid: z.string().max(MAX_IDENTIFIER_LENGTH) }),
  reply: EmptyReply,
  key: 'actor',
});

/** DELETE /users/me/apns_device_token (E20). */
export const removeApnsToken = defineOperation({
  type: 'push_token.remove_apns',
  method: 'DELETE',
  path: '/users/me/apns_device_token',
  service: 'push',
  kind: 'command',
  auth: 'user',
  params: z.object(Token),
  reply: EmptyReply,
  key: 'actor',
});

/** POST /users/me/android_gcm_reg_id: a legacy FCM registration token. */
export const addFcmToken = defineOperation({
  type: 'push_token.add_fcm',
  method: 'POST',
  path: '/users/me/android_gcm_reg_id',
  service: 'push',
  kind: 'command',
  auth: 'user',
  params: z.object(Token),
  reply: EmptyReply,
  key: 'actor',
});

/** DELETE /users/me/android_gcm_reg_id. */
export const removeFcmToken = defineOperation({
  type: 'push_token.remove_fcm',
  method: 'DELETE',
  path: '/users/me/android_gcm_reg_id',
  service: 'push',
  kind: 'command',
  auth: 'user',
  params: z.object(Token),
  reply: EmptyReply,
  key: 'actor',
});

/**
 * POST /mobile_push/test_notification (E19): a test notification to the caller's devices, or to
 * the one `token`. Changes no state, so it is a query: it runs beside the caller's commands.
 */
export const sendTestPushNotification = defineOperation({
  type: 'push_notification.send_test',
  method: 'POST',
  path: '/mobile_push/test_notification',
  service: 'push',
  kind: 'query',
  auth: 'user',
  params: z.object({ token: z.string().max(MAX_TOKEN_LENGTH).optional() }),
  reply: EmptyReply,
  key: 'actor',
});

/**
 * POST /mobile_push/e2ee/test_notification: an end-to-end encrypted test notification to the
 * caller's devices registered with the bouncer (or the one of `push_account_id`).
 */
export const sendE2eeTestPushNotification = defineOperation({
  type: 'push_notification.send_e2ee_test',
  method: 'POST',
  path: '/mobile_push/e2ee/test_notification',
  service: 'push',
  kind: 'query',
  auth: 'user',
  params: z.object({ push_account_id: PushAccountId.optional() }),
  reply: EmptyReply,
  key: 'actor',
});
