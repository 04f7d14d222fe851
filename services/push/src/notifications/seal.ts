type Sodium = typeof import('libsodium-wrappers');
let sodium: Promise<Sodium> | undefined;

/** libsodium, loaded on the first notification to an end-to-end encrypted device. */
const loaded = (): Promise<Sodium> =>
  (sodium ??= import('libsodium-wrappers').then(async ({ default: lib }) => {
    await lib.ready;
    return lib;
  }));

/**
 * A payload for an end-to-end encrypted device: its JSON in a NaCl sealed box to the device's
 * `push_public_key` (base64), which only the device opens.
 */
export async function sealFor(pushPublicKey: string, payload: Record<string, unknown>): Promise<string> {
  const lib = await loaded();
  const key = lib.from_base64(pushPublicKey, lib.base64_variants.ORIGINAL);
  return lib.to_base64(lib.crypto_box_seal(JSON.stringify(payload), key), lib.base64_variants.ORIGINAL);
}
