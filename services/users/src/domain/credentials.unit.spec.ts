import { apiKeyHash, deriveApiKey, hashPassword, verifyPassword } from './credentials';

describe('credentials', () => {
  it('derives a stable 32-character alphanumeric API key per user and nonce', () => {
    const key = deriveApiKey('s'.repeat(32), 5, 'nonce-a');
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(deriveApiKey('s'.repeat(32), 5, 'nonce-a')).toBe(key);
    expect(deriveApiKey('s'.repeat(32), 5, 'nonce-b')).not.toBe(key);
    expect(deriveApiKey('t'.repeat(32), 5, 'nonce-a')).not.toBe(key);
    expect(apiKeyHash(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies a password against its scrypt hash and nothing else', async () => {
    const stored = await hashPassword('hunter22');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('hunter22', stored)).toBe(true);
    expect(await verifyPassword('hunter23', stored)).toBe(false);
    expect(await verifyPassword('hunter22', null)).toBe(false);
    expect(await verifyPassword('hunter22', 'garbage')).toBe(false);
  });
});
