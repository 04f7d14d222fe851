import {
  BOUNCER_E2EE_NOTIFY_PATH,
  BOUNCER_NOTIFY_PATH,
  BOUNCER_REGISTER_PATH,
  BOUNCER_TOKEN_REGISTER_PATH,
  BOUNCER_TOKEN_UNREGISTER_PATH,
  BouncerE2eeNotifyReply,
  BouncerNotifyReply,
  BouncerRegisterReply,
  type BouncerE2eeNotifyRequest,
  type BouncerNotifyRequest,
  type BouncerTokenRequest,
  type PushDeviceRegistrationRequestedV1,
  type RecordPushRegistration,
} from '@zulip-es/contracts';
import { jsonOrUndefined } from '@zulip-es/platform';

export interface BouncerClientConfig {
  PUSH_BOUNCER_URL: string;
  PUSH_BOUNCER_SERVER_UUID: string;
  PUSH_BOUNCER_API_KEY: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** The bouncer could not be reached, or did not answer in time. */
export class BouncerUnreachable extends Error {}

/** The bouncer answered something other than its API's answers (a server error among them). */
export class BouncerFailed extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`push bouncer answered ${status}: ${body.slice(0, 200)}`);
  }
}

/** This server's side of the push bouncer's API, authenticated with its uuid and API key. */
export class BouncerClient {
  private readonly authorization: string;

  constructor(private readonly config: BouncerClientConfig) {
    this.authorization = `Basic ${Buffer.from(`${config.PUSH_BOUNCER_SERVER_UUID}:${config.PUSH_BOUNCER_API_KEY}`).toString('base64')}`;
  }

  /** An E11 registration: the bouncer's device id or its refusal. */
  async register(request: PushDeviceRegistrationRequestedV1['data']): Promise<RecordPushRegistration['outcome']> {
    const body = new URLSearchParams({
      push_account_id: String(request.pushAccountId),
      bouncer_public_key: request.bouncerPublicKey,
      encrypted_push_registration: request.encryptedPushRegistration,
    });
    const { status, text } = await this.post(BOUNCER_REGISTER_PATH, 'application/x-www-form-urlencoded', body.toString());
    const reply = status === 200 || status === 400 ? BouncerRegisterReply.safeParse(jsonOrUndefined(text)) : null;
    if (!reply?.success) throw new BouncerFailed(status, text);
    return reply.data.result === 'success'
      ? { status: 'active', bouncerDeviceId: reply.data.device_id }
      : { status: 'failed', errorCode: reply.data.code };
  }

  /** A legacy token added (`active`) or removed. */
  async syncToken(request: BouncerTokenRequest, active: boolean): Promise<void> {
    const { status, text } = await this.post(
      active ? BOUNCER_TOKEN_REGISTER_PATH : BOUNCER_TOKEN_UNREGISTER_PATH,
      'application/json',
      JSON.stringify(request),
    );
    if (status !== 200) throw new BouncerFailed(status, text);
  }

  async notify(request: BouncerNotifyRequest): Promise<BouncerNotifyReply> {
    const { status, text } = await this.post(BOUNCER_NOTIFY_PATH, 'application/json', JSON.stringify(request));
    const reply = status === 200 ? BouncerNotifyReply.safeParse(jsonOrUndefined(text)) : null;
    if (!reply?.success) throw new BouncerFailed(status, text);
    return reply.data;
  }

  async notifyDevices(request: BouncerE2eeNotifyRequest): Promise<BouncerE2eeNotifyReply> {
    const { status, text } = await this.post(BOUNCER_E2EE_NOTIFY_PATH, 'application/json', JSON.stringify(request));
    const reply = status === 200 ? BouncerE2eeNotifyReply.safeParse(jsonOrUndefined(text)) : null;
    if (!reply?.success) throw new BouncerFailed(status, text);
    return reply.data;
  }

  private async post(path: string, contentType: string, body: string): Promise<{ status: number; text: string }> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.config.PUSH_BOUNCER_URL), {
        method: 'POST',
        headers: { authorization: this.authorization, 'content-type': contentType },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new BouncerUnreachable(`push bouncer unreachable: ${(error as Error).message}`, { cause: error });
    }
    return { status: res.status, text: await res.text() };
  }
}
