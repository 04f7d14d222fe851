import { BOUNCER_REGISTER_PATH, BouncerRegisterReply, type PushDeviceRegistrationRequestedV1, type RecordPushRegistration } from '@zulip-es/contracts';

export interface BouncerClientConfig {
  PUSH_BOUNCER_URL: string;
  PUSH_BOUNCER_SERVER_UUID: string;
  PUSH_BOUNCER_API_KEY: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends a registration to the push bouncer. Its answer (a device id or a refusal) is the outcome;
 * anything else (unreachable, a timeout, a server error, an answer it should not give) throws, and
 * the registration job tries again later.
 */
export async function registerAtBouncer(config: BouncerClientConfig, request: PushDeviceRegistrationRequestedV1['data']): Promise<RecordPushRegistration['outcome']> {
  const res = await fetch(new URL(BOUNCER_REGISTER_PATH, config.PUSH_BOUNCER_URL), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.PUSH_BOUNCER_SERVER_UUID}:${config.PUSH_BOUNCER_API_KEY}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      push_account_id: String(request.pushAccountId),
      bouncer_public_key: request.bouncerPublicKey,
      encrypted_push_registration: request.encryptedPushRegistration,
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  const reply = res.status === 200 || res.status === 400 ? BouncerRegisterReply.safeParse(safeJson(text)) : null;
  if (!reply?.success) throw new Error(`push bouncer answered ${res.status}: ${text.slice(0, 200)}`);
  return reply.data.result === 'success' ? { status: 'active', bouncerDeviceId: reply.data.device_id } : { status: 'failed', errorCode: reply.data.code };
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
