import { createPrivateKey, type KeyObject } from 'node:crypto';
import { jsonOrUndefined } from '@zulip-es/platform';
import { z } from 'zod';
import { Http2Origin } from './http2-origin';
import { signJwt } from './jwt';
import type { Delivery, DeliveryOutcome, PushProvider } from './push-provider';

/** The fields of a Google service-account key file that FCM's HTTP v1 API needs. */
export const ServiceAccount = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof ServiceAccount>;

export interface FcmCredentials {
  /** `https://fcm.googleapis.com`. */
  url: string;
  serviceAccount: ServiceAccount;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const ASSERTION_LIFETIME_S = 3600;
/** An access token is renewed this long before Google says it expires. */
const RENEW_MARGIN_MS = 5 * 60_000;

/** An access token being fetched (no expiry yet) or fetched. */
interface CachedToken {
  value: Promise<string>;
  expiresAt?: number;
}

/** The answers that mean the token will never work again (Zulip forgets the device on these). */
const DEAD_TOKEN_CODES = new Set(['UNREGISTERED', 'SENDER_ID_MISMATCH']);

/** FCM's HTTP v1 API, authenticated with OAuth 2 access tokens obtained for a service account. */
export class FcmProvider implements PushProvider {
  readonly name = 'fcm';
  private readonly api: Http2Origin;
  private readonly tokenEndpoint: URL;
  private readonly oauth: Http2Origin;
  private readonly key: KeyObject;
  private cached?: CachedToken;

  constructor(
    private readonly credentials: FcmCredentials,
    private readonly now: () => number = Date.now,
  ) {
    this.api = new Http2Origin(credentials.url);
    this.tokenEndpoint = new URL(credentials.serviceAccount.token_uri);
    this.oauth = new Http2Origin(this.tokenEndpoint.origin);
    this.key = createPrivateKey(credentials.serviceAccount.private_key);
  }

  async send(delivery: Delivery): Promise<DeliveryOutcome> {
    const accessToken = await this.token();
    const message = { token: delivery.token, data: delivery.payloads.fcm, android: { priority: 'high' } };
    const res = await this.api.request(
      'POST',
      `/v1/projects/${encodeURIComponent(this.credentials.serviceAccount.project_id)}/messages:send`,
      { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      JSON.stringify({ message }),
    );
    if (res.status === 200) return 'sent';
    const code = errorCodeOf(res.body);
    if (code !== undefined && DEAD_TOKEN_CODES.has(code)) return 'unregistered';
    if (res.status === 401) this.cached = undefined;
    throw new Error(`FCM answered ${res.status} ${code ?? res.body.slice(0, 200)}`);
  }

  close(): void {
    this.api.close();
    this.oauth.close();
  }

  /** The current access token: one request for a new one, however many pushes wait for it. */
  private token(): Promise<string> {
    const cached = this.cached;
    if (cached && (cached.expiresAt === undefined || cached.expiresAt - RENEW_MARGIN_MS > this.now())) return cached.value;
    const entry: CachedToken = {
      value: this.fetchToken().then(({ value, expiresAt }) => {
        entry.expiresAt = expiresAt;
        return value;
      }),
    };
    entry.value.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    this.cached = entry;
    return entry.value;
  }

  /** Google's JWT-bearer grant (RFC 7523) for the service account. */
  private async fetchToken(): Promise<{ value: string; expiresAt: number }> {
    const account = this.credentials.serviceAccount;
    const iat = Math.floor(this.now() / 1000);
    const assertion = signJwt(
      'RS256',
      this.key,
      { typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) },
      { iss: account.client_email, scope: SCOPE, aud: account.token_uri, iat, exp: iat + ASSERTION_LIFETIME_S },
    );
    const res = await this.oauth.request(
      'POST',
      this.tokenEndpoint.pathname + this.tokenEndpoint.search,
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    );
    const parsed = TokenReply.safeParse(jsonOrUndefined(res.body));
    if (res.status !== 200 || !parsed.success) throw new Error(`Google's token endpoint answered ${res.status}: ${res.body.slice(0, 200)}`);
    return { value: parsed.data.access_token, expiresAt: this.now() + parsed.data.expires_in * 1000 };
  }
}

const TokenReply = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

/** FCM's error code: the `FcmError` detail's `errorCode`, else the error's `status`. */
function errorCodeOf(body: string): string | undefined {
  const error = (jsonOrUndefined(body) as { error?: { status?: string; details?: { '@type'?: string; errorCode?: string }[] } } | undefined)
    ?.error;
  const detail = error?.details?.find((d) => d['@type'] === 'type.googleapis.com/google.firebase.fcm.v1.FcmError');
  return detail?.errorCode ?? error?.status;
}
