import { RemoveUserDevices } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { PushDeps } from '../../shared/push-deps';
import { decideRemoveUserDevices } from './remove-user-devices.decide';

/** A deactivated user's devices, relayed from `user.deactivated.v1`. */
export function removeUserDevicesHandler({ repo }: PushDeps): CommandHandler<RemoveUserDevices> {
  return {
    kind: 'command',
    schema: RemoveUserDevices,
    async handle({ data }) {
      return { events: decideRemoveUserDevices(await repo.devicesOf(data.userId)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
