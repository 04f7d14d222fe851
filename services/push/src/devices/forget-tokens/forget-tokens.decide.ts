import type { ForgetPushTokens } from '@zulip-es/contracts';
import { devicesAggregateId, type UserDevices } from '../user-devices.state';
import type { NewEventDraft } from '@zulip-es/platform';
import type { PushNewEvent } from '../../shared/push-new-event';

type Removal = NewEventDraft<PushNewEvent<'push_token.removed.v1' | 'push_device.removed.v1'>>;

/** Removes the tokens and registrations a provider called dead that the user still has; the others are gone already. */
export function decideForgetTokens(command: ForgetPushTokens, devices: UserDevices): PushNewEvent[] {
  const { userId } = devices;
  const deadTokens = devices.tokens.filter((t) => command.devices.some((d) => d.kind === t.kind && d.token === t.token));
  const deadRegistrations = devices.registrations.filter(
    (r) => r.bouncerDeviceId !== null && command.bouncerDeviceIds.includes(r.bouncerDeviceId),
  );
  const removals = [
    ...deadTokens.map(({ kind, token }): Removal => ({ type: 'push_token.removed.v1', data: { userId, kind, token, reason: 'provider' } })),
    ...deadRegistrations.map(({ pushAccountId }): Removal => ({
      type: 'push_device.removed.v1',
      data: { userId, pushAccountId, reason: 'provider' },
    })),
  ];
  return removals.map((event, i) => ({ ...event, aggregateId: devicesAggregateId(userId), sequence: devices.version + 1 + i }));
}
