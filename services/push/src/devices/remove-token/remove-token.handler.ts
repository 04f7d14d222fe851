import { Controller, Inject } from '@nestjs/common';
import { removeApnsToken, removeFcmToken } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { decideRemoveToken } from './remove-token.decide';

/** DELETE /users/me/apns_device_token (E20) and DELETE /users/me/android_gcm_reg_id (same parameters). */
@Controller()
export class RemoveTokenHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  @CommandPattern(removeApnsToken)
  async removeApnsToken({ data, actorId }: OperationContext<typeof removeApnsToken>): Promise<Decision> {
    return { events: decideRemoveToken('apns', data.token, await this.deps.repo.devicesOf(actorId!)), reply: {} };
  }

  @CommandPattern(removeFcmToken)
  async removeFcmToken({ data, actorId }: OperationContext<typeof removeFcmToken>): Promise<Decision> {
    return { events: decideRemoveToken('fcm', data.token, await this.deps.repo.devicesOf(actorId!)), reply: {} };
  }
}
