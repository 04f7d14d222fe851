/**
 * `npm start`: the stack, a build, the six services with their logs prefixed, the organization
 * and its owner on first start, and a ready-to-use zuliprc. Ctrl-C stops the services (the
 * stack keeps running: `npm run stack:down`). A service that crashes is restarted.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../stack/paths';
import { bootstrapRealm, zuliprc } from './bootstrap-realm';
import { stackUpAndBuild } from './build';
import { localSecrets } from './local-secrets';
import { SERVICES, type ServiceId } from './service-process';
import { startSystem, type RunningSystem } from './system';

const WIDTH = Math.max(...SERVICES.map((s) => s.length));
const prefix = (service: ServiceId, line: string) => process.stdout.write(`${service.padEnd(WIDTH)} | ${line}\n`);

const passwordFile = () => path.join(dataDir(), 'owner-password');

/** The password the owner gets if this start creates the organization. */
const candidatePassword = (): string =>
  existsSync(passwordFile()) ? readFileSync(passwordFile(), 'utf8').trim() : randomBytes(12).toString('base64url');

/** Kept (mode 600) only when it really is the owner's: when this start created the organization. */
function keepPassword(password: string): void {
  mkdirSync(dataDir(), { recursive: true });
  writeFileSync(passwordFile(), `${password}\n`, { mode: 0o600 });
}

/**
 * A service that crashes is started again. One that exits with code 0 was stopped (Ctrl-C
 * reaches the services too, maybe before this process has seen it) and stays stopped.
 */
function superviseRestarts(system: RunningSystem, stopping: () => boolean): void {
  for (const proc of Object.values(system.processes)) {
    const watch = () =>
      proc.onExit((code) => {
        if (stopping() || code === 0) return;
        prefix(proc.options.service, `exited with code ${code}; restarting in 1 s`);
        setTimeout(() => {
          proc.start();
          watch();
        }, 1_000);
      });
    watch();
  }
}

async function main(): Promise<void> {
  const secrets = localSecrets();
  await stackUpAndBuild();
  const system = await startSystem({ onLine: prefix, env: secrets });
  let stopping = false;
  superviseRestarts(system, () => stopping);
  const site = process.env.REALM_URL ?? system.gatewayUrl;
  const password = candidatePassword();
  const owner = await bootstrapRealm({
    realmName: process.env.ZULIP_REALM_NAME ?? 'Zulip ES',
    ownerEmail: process.env.ZULIP_OWNER_EMAIL ?? 'owner@example.com',
    ownerFullName: process.env.ZULIP_OWNER_NAME ?? 'Organization Owner',
    ownerPassword: password,
  });
  if (owner.created) keepPassword(password);
  const rc = zuliprc(owner.email, owner.api_key, site);
  writeFileSync(path.join(dataDir(), 'zuliprc'), rc, { mode: 0o600 });
  console.log(
    `\n${owner.created ? 'Created' : 'Reusing'} the organization; its owner's credentials (${path.join(dataDir(), 'zuliprc')}):\n\n${rc}`,
  );
  if (owner.created) console.log(`Its password (for POST /fetch_api_key and clients that log in): ${passwordFile()}`);
  console.log(
    `Try: curl -u ${owner.email}:${owner.api_key} ${system.gatewayUrl}/api/v1/users/me\n` +
      `Metrics for Prometheus: ${system.gatewayMetricsUrl} (the gateway's), and /metrics on each service's health port.\n` +
      'Ctrl-C stops the services; npm run stack:down stops the stack.\n',
  );

  // `on`, not `once`: Ctrl-C may arrive more than once (from the terminal and passed on by the
  // processes above this one), and a second signal without a listener would end this process
  // before it has stopped the services.
  await new Promise<void>((resolve) => {
    process.on('SIGINT', resolve);
    process.on('SIGTERM', resolve);
  });
  stopping = true;
  console.log('stopping the services…');
  await system.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
