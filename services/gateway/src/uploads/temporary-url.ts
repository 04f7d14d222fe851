import { createHmac, timingSafeEqual } from 'node:crypto';

/** Zulip's `SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS`. */
export const TEMPORARY_URL_SECONDS = 60;

/**
 * Short-lived URLs of uploads (`/user_uploads/temporary/<token>/<file name>`), which Zulip's
 * `GET /api/v1/user_uploads/...` hands to clients that cannot send credentials with a download
 * (a native viewer). The token carries the path id and its expiry, signed with the gateway's
 * `UPLOAD_URL_SECRET`, so every gateway instance accepts what another signed.
 */
export class TemporaryUrls {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key, in case the secret is shared with something else.
    this.key = createHmac('sha256', secret).update('zulip-es temporary upload URLs').digest();
  }

  urlFor(pathId: string, now: Date): string {
    const payload = Buffer.from(JSON.stringify({ p: pathId, e: Math.floor(now.getTime() / 1000) + TEMPORARY_URL_SECONDS })).toString(
      'base64url',
    );
    return `/user_uploads/temporary/${payload}.${this.sign(payload)}/${pathId.slice(pathId.lastIndexOf('/') + 1)}`;
  }

  /** The path id a token grants, or null: forged, malformed or expired. */
  pathIdOf(token: string, now: Date): string | null {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const { p, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p?: unknown; e?: unknown };
      return typeof p === 'string' && typeof e === 'number' && e >= now.getTime() / 1000 ? p : null;
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
