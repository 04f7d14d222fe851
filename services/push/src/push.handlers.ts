import {
  addApnsToken,
  addFcmToken,
  FORGET_PUSH_TOKENS,
  NOTIFY_MESSAGE,
  RECORD_PUSH_REGISTRATION,
  REGISTER_STATE_TYPES,
  REMOVE_USER_DEVICES,
  registerPushDevice,
  removeApnsToken,
  removeFcmToken,
  sendTestPushNotification,
  sendE2eeTestPushNotification,
} from '@zulip-es/contracts';
import type { HandlerRegistry } from '@zulip-es/platform';
import { addApnsTokenHandler, addFcmTokenHandler } from './devices/add-token/add-token.handler';
import { forgetTokensHandler } from './devices/forget-tokens/forget-tokens.handler';
import { recordRegistrationHandler } from './devices/record-registration/record-registration.handler';
import { registerDeviceHandler } from './devices/register-device/register-device.handler';
import { removeTokenHandler } from './devices/remove-token/remove-token.handler';
import { removeUserDevicesHandler } from './devices/remove-user-devices/remove-user-devices.handler';
import { notifyMessageHandler } from './notifications/notify-message/notify-message.handler';
import { sendTestHandler } from './notifications/send-test/send-test.handler';
import { sendE2eeTestHandler } from './notifications/send-test/send-e2ee-test.handler';
import { registerStateHandler } from './register/register-state.handler';
import type { PushDeps } from './shared/push-deps';

export const pushHandlers = (deps: PushDeps): HandlerRegistry => ({
  [addApnsToken.type]: addApnsTokenHandler(deps),
  [removeApnsToken.type]: removeTokenHandler('apns', deps),
  [addFcmToken.type]: addFcmTokenHandler(deps),
  [removeFcmToken.type]: removeTokenHandler('fcm', deps),
  [registerPushDevice.type]: registerDeviceHandler(deps),
  [RECORD_PUSH_REGISTRATION]: recordRegistrationHandler(deps),
  [FORGET_PUSH_TOKENS]: forgetTokensHandler(deps),
  [sendTestPushNotification.type]: sendTestHandler(deps),
  [sendE2eeTestPushNotification.type]: sendE2eeTestHandler(deps),
  [NOTIFY_MESSAGE]: notifyMessageHandler(deps),
  [REMOVE_USER_DEVICES]: removeUserDevicesHandler(deps),
  [REGISTER_STATE_TYPES.push]: registerStateHandler(deps),
});
