import { Controller, Inject } from '@nestjs/common';
import { registerPushDevice } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { decideRegisterDevice, type RegisterDevice } from './register-device.decide';

@Controller()
export class RegisterDeviceHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  /** POST /mobile_push/register (E11): answers at once; the registration job forwards the request to the bouncer. */
  @CommandPattern(registerPushDevice)
  async register({ data, actorId }: MessageContext<RegisterDevice>): Promise<Decision> {
    const { repo, bouncer } = this.deps;
    return { events: decideRegisterDevice(data, await repo.devicesOf(actorId!), bouncer !== undefined), reply: {} };
  }
}
