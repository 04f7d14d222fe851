import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@zulip-es/platform';
import type { AuthReadModel, Credential } from './auth-read-model';

const API_KEY_SHAPE = /^[A-Za-z0-9]{32}$/;

export const notLoggedIn = (): DomainError => new DomainError('UNAUTHORIZED', 'Not logged in: API authentication or user session required');

/**
 * Zulip's HTTP Basic authentication (zerver/decorator.py): the password is the API key, the
 * username the account's delivery email. Keys are compared by their SHA-256 in constant time.
 */
export function authenticate(header: string | undefined, model: AuthReadModel): Credential {
  if (!header) throw notLoggedIn();
  const [scheme, encoded] = header.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() !== 'basic') throw new DomainError('BAD_REQUEST', 'This endpoint requires HTTP basic authentication.');
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new DomainError('UNAUTHORIZED', 'Invalid authorization header for basic auth');
  const email = decoded.slice(0, colon).trim();
  const key = decoded.slice(colon + 1).trim();
  if (!API_KEY_SHAPE.test(key)) throw new DomainError('INVALID_API_KEY', 'Malformed API key');
  const hash = createHash('sha256').update(key).digest();
  const credential = model.byApiKeyHash(hash.toString('hex'));
  if (!credential || !timingSafeEqual(hash, Buffer.from(credential.apiKeyHash, 'hex'))) throw invalidKey();
  if (credential.deliveryEmail.toLowerCase() !== email.toLowerCase()) throw invalidKey();
  if (!credential.isActive) throw new DomainError('USER_DEACTIVATED', 'Account is deactivated');
  return credential;
}

const invalidKey = (): DomainError => new DomainError('INVALID_API_KEY', 'Invalid API key');
