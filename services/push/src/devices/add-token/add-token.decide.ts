import type { TokenKind } from '@zulip-es/contracts';
import { checkToken } from '../token-rules';
import { findToken, nextEvent, type UserDevices } from '../user-devices.state';
import type { PushNewEvent } from '../../shared/push-new-event';

export interface AddToken {
  kind: TokenKind;
  token: string;
  /** APNs only: the iOS app's id. */
  appId: string | null;
}

/** Adds a legacy token; adding one the user has (for the same app) again changes nothing. */
export function decideAddToken({ kind, token, appId }: AddToken, devices: UserDevices): PushNewEvent[] {
  checkToken(kind, token);
  if (findToken(devices, kind, token)?.appId === appId) return [];
  return [nextEvent(devices, { type: 'push_token.added.v1', data: { userId: devices.userId, kind, token, appId } })];
}
