import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePythonClients } from '../stack/provision-python-clients';
import { stackUp } from '../stack/stack';
import { errorMessage, say } from '../stack/util';
import { bootstrapRealm } from '../system/bootstrap-realm';
import { localSecrets } from '../system/local-secrets';
import { startSystem, type RunningSystem } from '../system/system';
import type { FakePushProviders } from '../../libs/testing/src/push-providers';
import { startFakePushSetup } from '../../libs/testing/src/push-stack-env';
import { checkedRepliesFile } from '../../libs/testing/src/reply-shapes';
import { systemInfoFile, testDataDir, type SystemInfo } from '../../libs/testing/src/system-info';

/**
 * Ports of the system under test, apart from a development system started with `npm start`.
 * ZULIP_TEST_PORT_BASE (default 29991) moves them, so two checkouts can test side by side
 * (each with its own stack: see infra/README.md).
 */
const base = Number(process.env.ZULIP_TEST_PORT_BASE ?? 29991);
export const TEST_PORTS = { gateway: base, users: base + 1, messages: base + 2, uploads: base + 3, push: base + 4, realtime: base + 7 };
const BOUNCER_PORT = base + 5;
/** FCM and APNs, played by local fakes (libs/testing/src/push-providers.ts). */
const PROVIDERS_PORT = base + 6;
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
  /** Likewise for unauthenticated calls, all from 127.0.0.1 (logins, invitation acceptances). */
  RATE_LIMIT_ANONYMOUS_REQUESTS: '1000000',
  /** And for password attempts per username (tests of wrong passwords share the owner's). */
  LOGIN_ATTEMPTS_PER_USERNAME: '1000000',
  /**
   * POST /streams/{id}/delete_topic answers at once (complete: false for a non-empty topic, the
   * job going on), so tests see both answers deterministically and repeat until complete.
   */
  DELETE_TOPIC_WAIT_MS: '0',
  /** Every run of the export tests starts exports in the one organization the stack keeps. */
  REALM_EXPORTS_PER_WEEK: '1000000',
  /** GET /events answers a heartbeat after 1.5 s without events, so tests see one quickly. */
  EVENT_HEARTBEAT_MS: '1500',
};

declare global {
  var __ZULIP_SYSTEM__: RunningSystem | undefined;
  var __FAKE_PUSH_PROVIDERS__: FakePushProviders | undefined;
}

/**
 * The push service runs the push bouncer too, with a key pair of this run (tests seal
 * registrations to its public key), and registers devices with it; the bouncer pushes to the
 * fake providers.
 */
async function startFakeProviders(): Promise<Record<string, string>> {
  const push = await startFakePushSetup({
    providersPort: PROVIDERS_PORT,
    bouncerPort: BOUNCER_PORT,
    credentialsDir: path.join(testDataDir(), 'push'),
    serverUuid: 'test-server',
  });
  globalThis.__FAKE_PUSH_PROVIDERS__ = push.fake;
  return push.env;
}

/**
 * Once per run (jest calls it for each project): the stack, the five services, the organization,
 * and, meanwhile, the Python clients.
 */
export default async function globalSetup(): Promise<void> {
  if (globalThis.__ZULIP_SYSTEM__) return;
  const pythonClients = ensurePythonClients(say).then(
    ({ python, zulipTerm }) => ({ python, zulipTerm }),
    (error: unknown) => {
      say(errorMessage(error));
      return { error: errorMessage(error) };
    },
  );
  const secrets = localSecrets(); // before the stack's first start in a new data folder (see localSecrets)
  await stackUp();
  const env = { ...TEST_ENV, ...secrets, ...(await startFakeProviders()) };
  const logDir = path.join(testDataDir(), 'logs');
  const system = await startSystem({ ports: TEST_PORTS, env, logDir });
  globalThis.__ZULIP_SYSTEM__ = system;
  const owner = await bootstrapRealm({
    realmName: 'Zulip ES test organization',
    ownerEmail: 'owner@example.com',
    ownerFullName: 'Organization Owner',
    ownerPassword: `owner-${Date.now()}-password`,
  });
  const info: SystemInfo = {
    gatewayUrl: system.gatewayUrl,
    gatewayMetricsUrl: system.gatewayMetricsUrl,
    realmHost: new URL(TEST_ENV.REALM_URL).host,
    owner: { userId: owner.owner_id, email: owner.email, apiKey: owner.api_key },
    env,
    ports: TEST_PORTS,
    pids: Object.fromEntries(Object.entries(system.processes).map(([name, proc]) => [name, proc.pid ?? 0])),
    pythonClients: await pythonClients,
  };
  mkdirSync(testDataDir(), { recursive: true });
  writeFileSync(systemInfoFile(), JSON.stringify(info, null, 2));
  writeFileSync(checkedRepliesFile(), '');
}
