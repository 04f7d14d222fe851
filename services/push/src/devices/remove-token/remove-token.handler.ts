import { removeApnsToken, type OperationData, type TokenKind } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { PushDeps } from '../../shared/push-deps';
import { decideRemoveToken } from './remove-token.decide';

/** DELETE /users/me/apns_device_token (E20) and DELETE /users/me/android_gcm_reg_id (same parameters). */
export function removeTokenHandler(kind: TokenKind, { repo }: PushDeps): CommandHandler<OperationData<typeof removeApnsToken>> {
  return {
    kind: 'command',
    schema: removeApnsToken.params,
    async handle({ data, actorId }) {
      return { events: decideRemoveToken(kind, data.token, await repo.devicesOf(actorId!)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
