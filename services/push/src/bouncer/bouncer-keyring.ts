import { BouncerRefusal } from './push-registration';

type Sodium = typeof import('libsodium-wrappers');

export interface BouncerKeyPair {
  public_key: string;
  private_key: string;
}

/**
 * The bouncer's NaCl key pairs, found by public key (clients name the one they sealed to). Sealed
 * boxes are libsodium's (`crypto_box_seal_open`), loaded only where a bouncer runs.
 */
export class BouncerKeyring {
  private constructor(
    private readonly sodium: Sodium,
    private readonly pairs: Map<string, { publicKey: Uint8Array; privateKey: Uint8Array }>,
  ) {}

  static async load(pairs: BouncerKeyPair[]): Promise<BouncerKeyring> {
    const sodium = (await import('libsodium-wrappers')).default;
    await sodium.ready;
    const decode = (key: string) => sodium.from_base64(key, sodium.base64_variants.ORIGINAL);
    return new BouncerKeyring(
      sodium,
      new Map(pairs.map((p) => [p.public_key, { publicKey: decode(p.public_key), privateKey: decode(p.private_key) }])),
    );
  }

  /** Opens a sealed box (base64) sealed to `publicKey`, one of this bouncer's. */
  open(publicKey: string, sealedBase64: string): Uint8Array {
    const pair = this.pairs.get(publicKey);
    if (!pair) throw new BouncerRefusal('INVALID_BOUNCER_PUBLIC_KEY', 'Invalid bouncer public key');
    try {
      const sealed = this.sodium.from_base64(sealedBase64, this.sodium.base64_variants.ORIGINAL);
      return this.sodium.crypto_box_seal_open(sealed, pair.publicKey, pair.privateKey);
    } catch {
      throw new BouncerRefusal('INVALID_ENCRYPTED_PUSH_REGISTRATION', 'Invalid encrypted push registration');
    }
  }
}
