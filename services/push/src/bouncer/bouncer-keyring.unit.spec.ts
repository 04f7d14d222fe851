import sodium from 'libsodium-wrappers';
import { BouncerKeyring } from './bouncer-keyring';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe("the bouncer's key pairs", () => {
  let keyring: BouncerKeyring;
  type Pair = { publicKey: Uint8Array; privateKey: Uint8Array };
  let current: Pair;
  let older: Pair;
  beforeAll(async () => {
    await sodium.ready;
    current = sodium.crypto_box_keypair();
    older = sodium.crypto_box_keypair();
    keyring = await BouncerKeyring.load([current, older].map((p) => ({ public_key: b64(p.publicKey), private_key: b64(p.privateKey) })));
  });

  it('opens a box sealed to any of its public keys', () => {
    for (const pair of [current, older]) {
      const sealed = sodium.crypto_box_seal(new TextEncoder().encode('{"token":"t"}'), pair.publicKey);
      expect(new TextDecoder().decode(keyring.open(b64(pair.publicKey), b64(sealed)))).toBe('{"token":"t"}');
    }
  });

  it('refuses a public key that is not one of its own as INVALID_BOUNCER_PUBLIC_KEY', () => {
    const stranger = sodium.crypto_box_keypair();
    const sealed = sodium.crypto_box_seal(new TextEncoder().encode('{}'), stranger.publicKey);
    expect(() => keyring.open(b64(stranger.publicKey), b64(sealed))).toThrow(
      expect.objectContaining({ code: 'INVALID_BOUNCER_PUBLIC_KEY' }),
    );
  });

  it('refuses a tampered box, one sealed to its other key, and text that is not base64 as INVALID_ENCRYPTED_PUSH_REGISTRATION', () => {
    const sealed = sodium.crypto_box_seal(new TextEncoder().encode('{}'), current.publicKey);
    const tampered = Uint8Array.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    const invalid = expect.objectContaining({ code: 'INVALID_ENCRYPTED_PUSH_REGISTRATION' });
    expect(() => keyring.open(b64(current.publicKey), b64(tampered))).toThrow(invalid);
    expect(() => keyring.open(b64(older.publicKey), b64(sealed))).toThrow(invalid);
    expect(() => keyring.open(b64(current.publicKey), 'not base64!')).toThrow(invalid);
  });
});
