import { TokenKind, type BouncerRegistrationError } from '@zulip-es/contracts';
import { z } from 'zod';
import { MAX_TOKEN_LENGTH } from '../devices/token-rules';

/** Zulip's `PUSH_REGISTRATION_LIVENESS_TIMEOUT`: a sealed registration is good for a day. */
export const REGISTRATION_LIVENESS_MS = 24 * 60 * 60 * 1000;

const HEX_BYTES = /^(?:[0-9a-fA-F]{2})+$/;

/** What a client seals for the bouncer: Zulip's `PushRegistration`. */
export const PushRegistration = z
  .object({
    token: z.string().min(1).max(MAX_TOKEN_LENGTH),
    token_kind: TokenKind,
    /** Seconds since the epoch, when the client sealed it. */
    timestamp: z.number().int(),
    ios_app_id: z.string().min(1).nullish(),
  })
  .refine((r) => r.token_kind !== 'apns' || HEX_BYTES.test(r.token), 'an APNs token is hex')
  .refine((r) => (r.token_kind === 'apns') === (r.ios_app_id != null), 'ios_app_id is required for APNs and refused for FCM');
export type PushRegistration = z.infer<typeof PushRegistration>;

/** A registration the bouncer refuses, with Zulip's code. */
export class BouncerRefusal extends Error {
  constructor(
    readonly code: BouncerRegistrationError,
    msg: string,
  ) {
    super(msg);
  }
}

/** The registration inside an opened sealed box, if it is one and still fresh at `now`. */
export function readRegistration(plaintext: Uint8Array, now: Date): PushRegistration {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(plaintext).toString('utf8'));
  } catch {
    throw new BouncerRefusal('INVALID_ENCRYPTED_PUSH_REGISTRATION', 'Invalid encrypted push registration');
  }
  const parsed = PushRegistration.safeParse(json);
  if (!parsed.success) throw new BouncerRefusal('INVALID_ENCRYPTED_PUSH_REGISTRATION', 'Invalid encrypted push registration');
  if (parsed.data.timestamp * 1000 < now.getTime() - REGISTRATION_LIVENESS_MS)
    throw new BouncerRefusal('REQUEST_EXPIRED', 'Request expired');
  return parsed.data;
}
