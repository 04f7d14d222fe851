import { createHash, createHmac, randomBytes } from 'node:crypto';

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Zulip's confirmation keys: 24 lower-case alphanumerics. */
const KEY_LENGTH = 24;

export const newInviteKeyNonce = (): string => randomBytes(18).toString('base64url');

/**
 * The key of an invitation link, derived like API keys: HMAC of the service secret, the
 * invitation and a random nonce. Events carry the nonce and the key's hash, never the key; the
 * email worker derives the key again from the nonce, so the key is stored and published nowhere.
 */
export function deriveInviteKey(secret: string, inviteId: number, nonce: string): string {
  const mac = createHmac('sha256', secret).update(`invite-key:${inviteId}:${nonce}`).digest();
  let key = '';
  for (const byte of mac) {
    key += KEY_ALPHABET[byte % KEY_ALPHABET.length];
    if (key.length === KEY_LENGTH) break;
  }
  return key;
}

export const inviteKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface InviteKeyMaterial {
  keyNonce: string;
  keyHash: string;
}

/** A fresh key for `inviteId`: what its events record. */
export function newInviteKey(secret: string, inviteId: number): InviteKeyMaterial {
  const keyNonce = newInviteKeyNonce();
  return { keyNonce, keyHash: inviteKeyHash(deriveInviteKey(secret, inviteId, keyNonce)) };
}

/** `<REALM_URL>/join/<key>/`, Zulip's invitation link. */
export const invitationLink = (realmUrl: string, key: string): string => `${realmUrl.replace(/\/+$/, '')}/join/${key}/`;
