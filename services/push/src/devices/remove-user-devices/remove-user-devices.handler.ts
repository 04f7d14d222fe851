import { Controller, Inject } from '@nestjs/common';
import { REMOVE_USER_DEVICES, RemoveUserDevices } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { decideRemoveUserDevices } from './remove-user-devices.decide';

@Controller()
export class RemoveUserDevicesHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  /** A deactivated user's devices, relayed from `user.deactivated.v1`. */
  @CommandPattern({ type: REMOVE_USER_DEVICES, params: RemoveUserDevices })
  async remove({ data }: MessageContext<RemoveUserDevices>): Promise<Decision> {
    return { events: decideRemoveUserDevices(await this.deps.repo.devicesOf(data.userId)), reply: {} };
  }
}
