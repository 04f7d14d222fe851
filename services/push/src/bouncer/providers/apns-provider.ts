import { createPrivateKey, type KeyObject } from 'node:crypto';
import { Http2Origin } from './http2-origin';
import { signJwt } from './jwt';
import type { Delivery, DeliveryOutcome, PushProvider } from './push-provider';

/** APNs token-based authentication: the `.p8` signing key, its key id and the team id. */
export interface ApnsCredentials {
  /** `https://api.push.apple.com` (`https://api.sandbox.push.apple.com` for development builds). */
  url: string;
  keyPem: string;
  keyId: string;
  teamId: string;
}

/**
 * APNs refuses a provider token older than an hour, and one renewed more often than every
 * 20 minutes; renewing at 50 minutes stays inside both.
 */
const PROVIDER_TOKEN_LIFETIME_MS = 50 * 60_000;

/** The answers that mean the token will never work again (Zulip forgets the device on these). */
const DEAD_TOKEN_REASONS = new Set(['Unregistered', 'BadDeviceToken', 'DeviceTokenNotForTopic']);

/** APNs over HTTP/2 with token authentication (ES256 provider tokens). */
export class ApnsProvider implements PushProvider {
  readonly name = 'apns';
  private readonly origin: Http2Origin;
  private readonly key: KeyObject;
  private providerToken?: { value: string; issuedAt: number };

  constructor(
    private readonly credentials: ApnsCredentials,
    private readonly now: () => number = Date.now,
  ) {
    this.origin = new Http2Origin(credentials.url);
    this.key = createPrivateKey(credentials.keyPem);
  }

  async send(delivery: Delivery): Promise<DeliveryOutcome> {
    if (!delivery.appId) throw new Error('an APNs push needs the app id (apns-topic)');
    const res = await this.origin.request(
      'POST',
      `/3/device/${encodeURIComponent(delivery.token.replace(/\s/g, ''))}`,
      {
        authorization: `bearer ${this.token()}`,
        'apns-topic': delivery.appId,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'content-type': 'application/json',
      },
      JSON.stringify(delivery.payloads.apns),
    );
    if (res.status === 200) return 'sent';
    const reason = reasonOf(res.body);
    if (res.status === 410 || (reason !== undefined && DEAD_TOKEN_REASONS.has(reason))) return 'unregistered';
    // A token APNs no longer takes is made again for the next push.
    if (reason === 'ExpiredProviderToken' || reason === 'InvalidProviderToken') this.providerToken = undefined;
    throw new Error(`APNs answered ${res.status} ${reason ?? res.body.slice(0, 200)}`);
  }

  close(): void {
    this.origin.close();
  }

  private token(): string {
    const now = this.now();
    if (!this.providerToken || now - this.providerToken.issuedAt >= PROVIDER_TOKEN_LIFETIME_MS) {
      const value = signJwt(
        'ES256',
        this.key,
        { kid: this.credentials.keyId },
        { iss: this.credentials.teamId, iat: Math.floor(now / 1000) },
      );
      this.providerToken = { value, issuedAt: now };
    }
    return this.providerToken.value;
  }
}

function reasonOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}
