import { devicesAggregateId, type UserDevices } from '../user-devices.state';
import type { NewEventDraft } from '@zulip-es/platform';
import type { PushNewEvent } from '../../shared/push-new-event';

type Removal = NewEventDraft<PushNewEvent<'push_token.removed.v1' | 'push_device.removed.v1'>>;

/** A deactivated user's tokens and registrations all go (nothing for a user with none). */
export function decideRemoveUserDevices(devices: UserDevices): PushNewEvent[] {
  const { userId } = devices;
  const removals = [
    ...devices.tokens.map(({ kind, token }): Removal => ({
      type: 'push_token.removed.v1',
      data: { userId, kind, token, reason: 'deactivated' },
    })),
    ...devices.registrations.map(({ pushAccountId }): Removal => ({
      type: 'push_device.removed.v1',
      data: { userId, pushAccountId, reason: 'deactivated' },
    })),
  ];
  return removals.map((event, i) => ({ ...event, aggregateId: devicesAggregateId(userId), sequence: devices.version + 1 + i }));
}
