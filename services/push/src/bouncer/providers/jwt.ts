import { sign, type KeyObject } from 'node:crypto';

const base64url = (json: object): string => Buffer.from(JSON.stringify(json)).toString('base64url');

/**
 * A compact JWS, as both providers authenticate: RS256 for Google's service-account assertion,
 * ES256 (raw r‖s signature, not DER) for APNs provider tokens.
 */
export function signJwt(alg: 'RS256' | 'ES256', key: KeyObject, header: Record<string, string>, claims: Record<string, unknown>): string {
  const input = `${base64url({ alg, ...header })}.${base64url(claims)}`;
  const signature = sign('sha256', Buffer.from(input), alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key);
  return `${input}.${signature.toString('base64url')}`;
}
