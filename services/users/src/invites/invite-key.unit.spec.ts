import { deriveInviteKey, deriveLinkKey, invitationLink, inviteKeyHash, newInviteKey, newLinkKey } from './invite-key';

describe('invitation keys', () => {
  const secret = 's'.repeat(32);

  it('derives a stable 24-character lower-case key per invitation and nonce', () => {
    const key = deriveInviteKey(secret, 5, 'nonce-a');
    expect(key).toMatch(/^[a-z0-9]{24}$/);
    expect(deriveInviteKey(secret, 5, 'nonce-a')).toBe(key);
    expect(deriveInviteKey(secret, 6, 'nonce-a')).not.toBe(key);
    expect(deriveInviteKey(secret, 5, 'nonce-b')).not.toBe(key);
    expect(deriveInviteKey('t'.repeat(32), 5, 'nonce-a')).not.toBe(key);
  });

  it('records a fresh nonce and the hash of the key it yields, never the key', () => {
    const first = newInviteKey(secret, 5);
    const second = newInviteKey(secret, 5);
    expect(first.keyNonce).not.toBe(second.keyNonce);
    expect(first.keyHash).toBe(inviteKeyHash(deriveInviteKey(secret, 5, first.keyNonce)));
    expect(JSON.stringify(first)).not.toContain(deriveInviteKey(secret, 5, first.keyNonce));
  });

  it('derives a link key of the same shape that no invitation of the same id and nonce shares', () => {
    const key = deriveLinkKey(secret, 5, 'nonce-a');
    expect(key).toMatch(/^[a-z0-9]{24}$/);
    expect(deriveLinkKey(secret, 5, 'nonce-a')).toBe(key);
    expect(deriveInviteKey(secret, 5, 'nonce-a')).not.toBe(key);
    const material = newLinkKey(secret, 5);
    expect(material.keyHash).toBe(inviteKeyHash(deriveLinkKey(secret, 5, material.keyNonce)));
  });

  it('links to <realm>/join/<key>/', () => {
    expect(invitationLink('https://chat.example.com/', 'abc')).toBe('https://chat.example.com/join/abc/');
  });
});
