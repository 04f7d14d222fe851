import { REMOVE_USER_DEVICES, UserDeactivatedV1, type RemoveUserDevices } from '@zulip-es/contracts';
import type { EventRelayOptions } from '@zulip-es/platform';

/** `user.deactivated.v1` → the command that removes the user's devices (an id per deactivation: a user may come back and go again). */
export const userDeactivatedRelay: EventRelayOptions = {
  groupId: 'push-deactivated-users',
  from: 'users',
  to: 'push',
  eventTypes: ['user.deactivated.v1'],
  toCommand: (envelope) => {
    const { data } = UserDeactivatedV1.parse({ type: envelope.type, data: envelope.data });
    const command: RemoveUserDevices = { userId: data.userId };
    return { commandId: `user.deactivated:${envelope.eventId}`, type: REMOVE_USER_DEVICES, key: `user:${data.userId}`, data: command };
  },
};
