import type { ForgetPushTokens } from '@zulip-es/contracts';
import type { NewEvent } from '@zulip-es/platform';
import { devicesAggregateId, type UserDevices } from '../user-devices.state';

/** Removes the tokens a provider called dead that the user still has; the others are gone already. */
export function decideForgetTokens(command: ForgetPushTokens, devices: UserDevices): NewEvent[] {
  const dead = devices.tokens.filter((t) => command.devices.some((d) => d.kind === t.kind && d.token === t.token));
  return dead.map(({ kind, token }, i) => ({
    type: 'push_token.removed.v1',
    aggregateId: devicesAggregateId(devices.userId),
    sequence: devices.version + 1 + i,
    data: { userId: devices.userId, kind, token, reason: 'provider' },
  }));
}
