import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stackUp } from '../stack/stack';
import { bootstrapRealm } from '../system/bootstrap-realm';
import { startSystem, type RunningSystem } from '../system/system';
import { FakePushProviders } from '../../libs/testing/src/push-providers';
import { systemInfoFile, testDataDir, type SystemInfo } from '../../libs/testing/src/system-info';

/**
 * Ports of the system under test, apart from a development system started with `npm start`.
 * ZULIP_TEST_PORT_BASE (default 29991) moves them, so two checkouts can test side by side
 * (each with its own stack: see infra/README.md).
 */
const base = Number(process.env.ZULIP_TEST_PORT_BASE ?? 29991);
export const TEST_PORTS = { gateway: base, users: base + 1, messages: base + 2, uploads: base + 3, push: base + 4 };
const BOUNCER_PORT = base + 5;
/** FCM and APNs, played by local fakes (libs/testing/src/push-providers.ts). */
const PROVIDERS_PORT = base + 6;
const PROVIDERS_URL = `http://127.0.0.1:${PROVIDERS_PORT}`;
const fcmCredentialsFile = path.join(testDataDir(), 'push', 'fcm-service-account.json');
const apnsKeyFile = path.join(testDataDir(), 'push', 'apns-key.p8');

/** A NaCl box key pair is an X25519 one: its raw keys, base64 (RFC 4648), as the bouncer reads them. */
function bouncerKeyPair(): { public_key: string; private_key: string } {
  const jwk = generateKeyPairSync('x25519').privateKey.export({ format: 'jwk' });
  const base64 = (url: string) => Buffer.from(url, 'base64url').toString('base64');
  return { public_key: base64(jwk.x!), private_key: base64(jwk.d!) };
}
const bouncerApiKey = randomBytes(24).toString('hex');
export const TEST_ENV = {
  INSTANCE_ID: 'gw-test',
  REALM_URL: `http://127.0.0.1:${base}`,
  LOG_LEVEL: 'info',
  /** Invitation emails of the system under test, read back by the tests. */
  EMAIL_OUTBOX_DIR: path.join(testDataDir(), 'outbox'),
  /**
   * Every test file acts as the one owner in parallel, far beyond a person's 200 requests a
   * minute; rate limiting itself is tested on a gateway of its own (gateway-limits.e2e.spec.ts).
   */
  RATE_LIMIT_REQUESTS: '1000000',
  /**
   * POST /streams/{id}/delete_topic answers at once (complete: false for a non-empty topic, the
   * job going on), so tests see both answers deterministically and repeat until complete.
   */
  DELETE_TOPIC_WAIT_MS: '0',
  /**
   * The push service runs the push bouncer too, with a key pair of this run (tests seal
   * registrations to its public key), and registers devices with it.
   */
  PUSH_BOUNCER_PORT: String(BOUNCER_PORT),
  PUSH_BOUNCER_URL: `http://127.0.0.1:${BOUNCER_PORT}`,
  PUSH_BOUNCER_KEYS: JSON.stringify([bouncerKeyPair()]),
  PUSH_BOUNCER_SERVER_UUID: 'test-server',
  PUSH_BOUNCER_API_KEY: bouncerApiKey,
  PUSH_BOUNCER_REMOTE_SERVERS: JSON.stringify({ 'test-server': bouncerApiKey }),
  /** The bouncer pushes to the fake providers, with credentials made for this run. */
  PUSH_FCM_CREDENTIALS_FILE: fcmCredentialsFile,
  PUSH_FCM_URL: PROVIDERS_URL,
  PUSH_APNS_KEY_FILE: apnsKeyFile,
  PUSH_APNS_URL: PROVIDERS_URL,
  PUSH_APNS_KEY_ID: '',
  PUSH_APNS_TEAM_ID: '',
  /** Where tests read what the fake providers took (FakeProvidersClient). */
  FAKE_PUSH_PROVIDERS_URL: PROVIDERS_URL,
};

declare global {
  var __ZULIP_SYSTEM__: RunningSystem | undefined;
  var __FAKE_PUSH_PROVIDERS__: FakePushProviders | undefined;
}

/** The fake providers, and the credential files the bouncer reads them with. */
async function startFakeProviders(): Promise<void> {
  const fake = await FakePushProviders.start(PROVIDERS_PORT);
  globalThis.__FAKE_PUSH_PROVIDERS__ = fake;
  mkdirSync(path.dirname(fcmCredentialsFile), { recursive: true });
  writeFileSync(fcmCredentialsFile, JSON.stringify(fake.credentials.fcmServiceAccount), { mode: 0o600 });
  writeFileSync(apnsKeyFile, fake.credentials.apns.keyPem, { mode: 0o600 });
  TEST_ENV.PUSH_APNS_KEY_ID = fake.credentials.apns.keyId;
  TEST_ENV.PUSH_APNS_TEAM_ID = fake.credentials.apns.teamId;
}

/** Once per run (jest calls it for each project): the stack, the five services, the organization. */
export default async function globalSetup(): Promise<void> {
  if (globalThis.__ZULIP_SYSTEM__) return;
  await stackUp();
  await startFakeProviders();
  const logDir = path.join(testDataDir(), 'logs');
  const system = await startSystem({ ports: TEST_PORTS, env: TEST_ENV, logDir });
  globalThis.__ZULIP_SYSTEM__ = system;
  const owner = await bootstrapRealm({
    realmName: 'Zulip ES test organization',
    ownerEmail: 'owner@example.com',
    ownerFullName: 'Organization Owner',
    ownerPassword: `owner-${Date.now()}-password`,
  });
  const info: SystemInfo = {
    gatewayUrl: system.gatewayUrl,
    realmHost: new URL(TEST_ENV.REALM_URL).host,
    owner: { userId: owner.owner_id, email: owner.email, apiKey: owner.api_key },
    env: TEST_ENV,
    ports: TEST_PORTS,
    pids: Object.fromEntries(Object.entries(system.processes).map(([name, proc]) => [name, proc.pid ?? 0])),
  };
  mkdirSync(testDataDir(), { recursive: true });
  writeFileSync(systemInfoFile(), JSON.stringify(info, null, 2));
}
