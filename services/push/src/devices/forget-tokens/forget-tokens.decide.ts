import type { ForgetPushTokens } from '@zulip-es/contracts';
import type { NewEvent } from '@zulip-es/platform';
import { devicesAggregateId, type UserDevices } from '../user-devices.state';

/** Removes the tokens and registrations a provider called dead that the user still has; the others are gone already. */
export function decideForgetTokens(command: ForgetPushTokens, devices: UserDevices): NewEvent[] {
  const { userId } = devices;
  const deadTokens = devices.tokens.filter((t) => command.devices.some((d) => d.kind === t.kind && d.token === t.token));
  const deadRegistrations = devices.registrations.filter(
    (r) => r.bouncerDeviceId !== null && command.bouncerDeviceIds.includes(r.bouncerDeviceId),
  );
  const removals = [
    ...deadTokens.map(({ kind, token }) => ({ type: 'push_token.removed.v1', data: { userId, kind, token, reason: 'provider' } })),
    ...deadRegistrations.map(({ pushAccountId }) => ({
      type: 'push_device.removed.v1',
      data: { userId, pushAccountId, reason: 'provider' },
    })),
  ];
  return removals.map((event, i) => ({ ...event, aggregateId: devicesAggregateId(userId), sequence: devices.version + 1 + i }));
}
