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
export const deriveInviteKey = (secret: string, inviteId: number, nonce: string): string =>
  deriveKey(secret, `invite-key:${inviteId}:${nonce}`);

/**
 * The key of a reusable link, derived as an invitation's; GET /invites derives it again to show
 * the link. Its own prefix keeps link 5 and invitation 5 from sharing a key.
 */
export const deriveLinkKey = (secret: string, linkId: number, nonce: string): string =>
  deriveKey(secret, `invite-link-key:${linkId}:${nonce}`);

function deriveKey(secret: string, subject: string): string {
  const mac = createHmac('sha256', secret).update(subject).digest();
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

/** A fresh key for link `linkId`: what its creation records. */
export function newLinkKey(secret: string, linkId: number): InviteKeyMaterial {
  const keyNonce = newInviteKeyNonce();
  return { keyNonce, keyHash: inviteKeyHash(deriveLinkKey(secret, linkId, keyNonce)) };
}

/** `<REALM_URL>/join/<key>/`, Zulip's invitation link (and reusable link: Zulip's `confirmation_url_for` a multi-use invite). */
export const invitationLink = (realmUrl: string, key: string): string => `${realmUrl.replace(/\/+$/, '')}/join/${key}/`;
