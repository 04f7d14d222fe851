import type { TokenKind } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import { checkToken } from '../token-rules';
import { findToken, nextEvent, type UserDevices } from '../user-devices.state';
import type { PushNewEvent } from '../../shared/push-new-event';

/** Removes one of the user's legacy tokens (E20 for APNs); the token is checked as when added. */
export function decideRemoveToken(kind: TokenKind, token: string, devices: UserDevices): PushNewEvent[] {
  checkToken(kind, token);
  if (!findToken(devices, kind, token)) throw new DomainError('BAD_REQUEST', 'Token does not exist');
  return [nextEvent(devices, { type: 'push_token.removed.v1', data: { userId: devices.userId, kind, token } })];
}
