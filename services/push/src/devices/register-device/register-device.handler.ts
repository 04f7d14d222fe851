import { registerPushDevice } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { PushDeps } from '../../shared/push-deps';
import { decideRegisterDevice, type RegisterDevice } from './register-device.decide';

/** POST /mobile_push/register (E11): answers at once; the registration job forwards the request to the bouncer. */
export function registerDeviceHandler({ repo, bouncer }: PushDeps): CommandHandler<RegisterDevice> {
  return {
    kind: 'command',
    schema: registerPushDevice.params,
    async handle({ data, actorId }) {
      return { events: decideRegisterDevice(data, await repo.devicesOf(actorId!), bouncer !== undefined), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
