import { Controller, Inject } from '@nestjs/common';
import { addApnsToken, addFcmToken } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { decideAddToken } from './add-token.decide';

@Controller()
export class AddTokenHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  /** POST /users/me/apns_device_token. */
  @CommandPattern(addApnsToken)
  async addApnsToken({ data, actorId }: OperationContext<typeof addApnsToken>): Promise<Decision> {
    const devices = await this.deps.repo.devicesOf(actorId!);
    return { events: decideAddToken({ kind: 'apns', token: data.token, appId: data.appid }, devices), reply: {} };
  }

  /** POST /users/me/android_gcm_reg_id. */
  @CommandPattern(addFcmToken)
  async addFcmToken({ data, actorId }: OperationContext<typeof addFcmToken>): Promise<Decision> {
    return { events: decideAddToken({ kind: 'fcm', token: data.token, appId: null }, await this.deps.repo.devicesOf(actorId!)), reply: {} };
  }
}
