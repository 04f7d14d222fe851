import { addApnsToken, addFcmToken, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { PushDeps } from '../../shared/push-deps';
import { decideAddToken } from './add-token.decide';

/** POST /users/me/apns_device_token. */
export function addApnsTokenHandler({ repo }: PushDeps): CommandHandler<OperationData<typeof addApnsToken>> {
  return {
    kind: 'command',
    schema: addApnsToken.params,
    async handle({ data, actorId }) {
      return { events: decideAddToken({ kind: 'apns', token: data.token, appId: data.appid }, await repo.devicesOf(actorId!)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

/** POST /users/me/android_gcm_reg_id. */
export function addFcmTokenHandler({ repo }: PushDeps): CommandHandler<OperationData<typeof addFcmToken>> {
  return {
    kind: 'command',
    schema: addFcmToken.params,
    async handle({ data, actorId }) {
      return { events: decideAddToken({ kind: 'fcm', token: data.token, appId: null }, await repo.devicesOf(actorId!)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
