import type { NewEvent } from '@zulip-es/platform';
import { devicesAggregateId, type UserDevices } from '../user-devices.state';

/** A deactivated user's tokens and registrations all go (nothing for a user with none). */
export function decideRemoveUserDevices(devices: UserDevices): NewEvent[] {
  const { userId } = devices;
  const removals = [
    ...devices.tokens.map(({ kind, token }) => ({ type: 'push_token.removed.v1', data: { userId, kind, token, reason: 'deactivated' } })),
    ...devices.registrations.map(({ pushAccountId }) => ({
      type: 'push_device.removed.v1',
      data: { userId, pushAccountId, reason: 'deactivated' },
    })),
  ];
  return removals.map((event, i) => ({ ...event, aggregateId: devicesAggregateId(userId), sequence: devices.version + 1 + i }));
}
