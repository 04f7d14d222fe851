import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FakePushProviders } from './push-providers';

export interface FakePushSetup {
  fake: FakePushProviders;
  /**
   * The push service's settings (docs/push.md): it runs the push bouncer on `bouncerPort` with a
   * key pair made for this run, registers devices with it as server `serverUuid`, and the bouncer
   * pushes to the fakes with credentials made for this run. `FAKE_PUSH_PROVIDERS_URL` tells
   * tests where the fakes are (`FakeProvidersClient`).
   */
  env: Record<string, string>;
}

/**
 * Starts the fake providers (on `providersPort`, 0 for any) and writes the credential files the
 * bouncer reads into `credentialsDir`: the test stack's and the bench's push setup.
 */
export async function startFakePushSetup(options: {
  providersPort: number;
  bouncerPort: number;
  credentialsDir: string;
  serverUuid: string;
}): Promise<FakePushSetup> {
  const fake = await FakePushProviders.start(options.providersPort);
  const fcmCredentialsFile = path.join(options.credentialsDir, 'fcm-service-account.json');
  const apnsKeyFile = path.join(options.credentialsDir, 'apns-key.p8');
  mkdirSync(options.credentialsDir, { recursive: true });
  writeFileSync(fcmCredentialsFile, JSON.stringify(fake.credentials.fcmServiceAccount), { mode: 0o600 });
  writeFileSync(apnsKeyFile, fake.credentials.apns.keyPem, { mode: 0o600 });
  const apiKey = randomBytes(24).toString('hex');
  return {
    fake,
    env: {
      PUSH_BOUNCER_PORT: String(options.bouncerPort),
      PUSH_BOUNCER_URL: `http://127.0.0.1:${options.bouncerPort}`,
      PUSH_BOUNCER_KEYS: JSON.stringify([bouncerKeyPair()]),
      PUSH_BOUNCER_SERVER_UUID: options.serverUuid,
      PUSH_BOUNCER_API_KEY: apiKey,
      PUSH_BOUNCER_REMOTE_SERVERS: JSON.stringify({ [options.serverUuid]: apiKey }),
      PUSH_FCM_CREDENTIALS_FILE: fcmCredentialsFile,
      PUSH_FCM_URL: fake.url,
      PUSH_APNS_KEY_FILE: apnsKeyFile,
      PUSH_APNS_URL: fake.url,
      PUSH_APNS_KEY_ID: fake.credentials.apns.keyId,
      PUSH_APNS_TEAM_ID: fake.credentials.apns.teamId,
      FAKE_PUSH_PROVIDERS_URL: fake.url,
    },
  };
}

/** A NaCl box key pair is an X25519 one: its raw keys, base64 (RFC 4648), as the bouncer reads them. */
function bouncerKeyPair(): { public_key: string; private_key: string } {
  const jwk = generateKeyPairSync('x25519').privateKey.export({ format: 'jwk' });
  const base64 = (url: string) => Buffer.from(url, 'base64url').toString('base64');
  return { public_key: base64(jwk.x!), private_key: base64(jwk.d!) };
}
