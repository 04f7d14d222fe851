import type { TokenKind } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';

/** Zulip's longest token (`validate_token`). */
export const MAX_TOKEN_LENGTH = 4096;

/**
 * Python's `bytes.fromhex`, which Zulip uses to check an APNs token: pairs of hex digits, with
 * whitespace allowed before each pair and at the end.
 */
const HEX_BYTES = /^(?:\s*[0-9a-fA-F]{2})*\s*$/;

/** Zulip's `validate_token`: refuses an empty or over-long token, and an APNs token that is not hex. */
export function checkToken(kind: TokenKind, token: string): void {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) throw new DomainError('BAD_REQUEST', 'Empty or invalid length token');
  if (kind === 'apns' && !HEX_BYTES.test(token)) throw new DomainError('BAD_REQUEST', 'Invalid APNS token');
}
