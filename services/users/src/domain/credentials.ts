import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** scrypt cost: 16 MiB and tens of milliseconds per hash on this class of machine. */
const SCRYPT = { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, N, r, p, salt, expected] = parts;
  const want = Buffer.from(expected, 'base64');
  const got = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64'), want.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(got, want);
}

export const newApiKeyNonce = (): string => randomBytes(18).toString('base64url');

/**
 * The nonce of a user's first API key, from the key secret and what `user.created` publishes of
 * them: the reply of a creation delivered again is rebuilt from its events alone. As with a random
 * nonce, nobody without the secret can derive the key.
 */
export const firstApiKeyNonce = (secret: string, userId: number, dateJoined: string): string =>
  createHmac('sha256', secret).update(`first-api-key-nonce:${userId}:${dateJoined}`).digest('base64url').slice(0, 24);

/** 32 alphanumerics derived from the secret, the user and its nonce: Zulip's API key shape. */
export function deriveApiKey(secret: string, userId: number, nonce: string): string {
  const mac = createHmac('sha256', secret).update(`api-key:${userId}:${nonce}`).digest();
  let key = '';
  for (const byte of mac) {
    key += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    if (key.length === 32) break;
  }
  return key;
}

/** What is stored and published instead of the key. */
export const apiKeyHash = (apiKey: string): string => createHash('sha256').update(apiKey).digest('hex');
