#!/usr/bin/env node
/**
 * The entry of every npm script: `node infra/bin/run.mjs <command> [args...]`.
 * Plain Node (ESM, no dependencies), so it works before `npm ci` has run; it runs `npm ci` itself
 * when node_modules is missing or older than package-lock.json, then hands over to TypeScript
 * (through tsx) for the real work.
 *
 * To add a command, add an entry to `commands`: name -> async (args) => exit code.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : undefined);

/**
 * Runs a command with inherited stdio from the repo root; resolves to its exit code. SIGINT and
 * SIGTERM are passed on to it, and this process waits for it to exit: Ctrl-C would otherwise
 * end this process at once, and npm with it, while the command is still stopping what it
 * started.
 */
function exec(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + (signalNumber(signal) ?? 1) : 1));
    });
  });
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 }[signal];
}

/**
 * Installs when node_modules is missing or older than package-lock.json, with `npm ci`: exactly
 * the locked versions. package.json's `allowScripts` records that no dependency's install script
 * is needed (each has its platform binary as an optional package), so npm runs none.
 */
async function ensureInstalled() {
  const installed = mtime(join(root, 'node_modules', '.package-lock.json'));
  const locked = mtime(join(root, 'package-lock.json'));
  if (installed !== undefined && locked !== undefined && installed >= locked) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const began = Date.now();
  console.log(`run: node_modules ${installed === undefined ? 'missing' : 'older than package-lock.json'}; npm ci…`);
  const code = await exec(npm, ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) {
    console.error(`run: npm ci failed (exit code ${code})`);
    process.exit(code);
  }
  console.log(`run: installed in ${((Date.now() - began) / 1000).toFixed(1)} s`);
}

/**
 * The infrastructure scripts run from the sources of the libraries they use: tsconfig.typecheck.json
 * maps @zulip-es/* to each library's src, so a script never loads a library's compiled output,
 * which may not be built yet (`npm start` on a fresh clone) or be older than its sources.
 * Processes they start with tsx inherit the setting.
 */
const TSX_ENV = { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.typecheck.json') };

/** Nx as these commands run it: no daemon left running after them. */
const nx = (args) => exec(bin('nx'), [...args, '--output-style=static'], { env: { ...process.env, NX_DAEMON: 'false' } });

/** Runs a TypeScript file with tsx; resolves to its exit code. */
function tsx(file, args = [], options = {}) {
  if (!existsSync(bin('tsx'))) {
    console.error(`run: ${bin('tsx')} is missing; is tsx in the root devDependencies? (npm install)`);
    return Promise.resolve(1);
  }
  return exec(bin('tsx'), [join(root, file), ...args], { env: TSX_ENV, ...options });
}

const commands = {
  /** stack up | down | status: the local Kafka, Mongo, Redis and MinIO (infra/stack). */
  stack: async (args) => tsx('infra/stack/cli.ts', args),
  /** The whole system for a developer: stack, build, five services, organization, zuliprc. */
  start: async (args) => tsx('infra/system/start.ts', args),
  /** rebuild <service>: throw a stopped service's projection away and replay its events topic. */
  rebuild: async ([service, ...rest]) => {
    const services = ['users', 'messages', 'uploads', 'push'];
    if (!services.includes(service)) {
      console.error(`usage: npm run rebuild -- <${services.join('|')}>`);
      return 2;
    }
    const built = await nx(['run', `${service}:build`]);
    return built !== 0 ? built : exec(process.execPath, [join(root, 'services', service, 'dist', 'rebuild.js'), ...rest]);
  },
  /**
   * quarantine <service> list|replay|clear: the events a service could not apply; replay (the
   * service stopped) applies them again through the current code.
   */
  quarantine: async ([service, ...rest]) => {
    const services = ['users', 'messages', 'uploads', 'push', 'gateway', 'realtime'];
    if (!services.includes(service)) {
      console.error(`usage: npm run quarantine -- <${services.join('|')}> list|replay|clear`);
      return 2;
    }
    const built = await nx(['run', `${service}:build`]);
    return built !== 0 ? built : exec(process.execPath, [join(root, 'services', service, 'dist', 'quarantine.js'), ...rest]);
  },
  /** Every project, in the order of the Nx project graph; unchanged ones come from Nx's cache. */
  build: async (args) => nx(['run-many', '--targets=build', ...args]),
  /** Each project's lint target (rules and the module boundaries), then the scripts outside them. */
  lint: async () => {
    const projects = await nx(['run-many', '--targets=lint']);
    if (projects !== 0) return projects;
    const scripts = await exec(bin('eslint'), ['infra', 'bench', '.ci']);
    // One formatter for the whole tree: a file Prettier would change fails the lint.
    return scripts !== 0 ? scripts : exec(bin('prettier'), ['--check', '--log-level', 'warn', '.']);
  },
  /** Types of everything, tests and scripts included (the build covers only what ships). */
  typecheck: async () => exec(bin('tsc'), ['-p', 'tsconfig.typecheck.json']),
  /** Unit, integration and end-to-end tests against the real stack. */
  test: async (args) => tsx('infra/system/test.ts', args),
  /** The system against its baselines, measured in one run (bench/; ../shared/PERFORMANCE.md). */
  bench: async (args) => tsx('bench/run.ts', args),
  /** backup <dir>, restore <dir>: the events topics, relay offsets and uploads (docs/operations.md). */
  backup: async (args) => tsx('libs/platform/src/backup/backup-main.ts', ['backup', ...args]),
  restore: async (args) => tsx('libs/platform/src/backup/backup-main.ts', ['restore', ...args]),
  /** move-credentials <backup dir> <new dir>: the backup without sign-in material on users.events. */
  'move-credentials': async (args) => tsx('services/users/src/upgrades/move-credentials-main.ts', args),
  // docs/asyncapi.yaml and docs/event-schemas/ from the zod contracts.
  contracts: async () => tsx('infra/contracts/write-event-schemas.ts'),
};

function usage() {
  console.error(`usage: node infra/bin/run.mjs <command> [args...]\ncommands: ${Object.keys(commands).join(', ')}`);
}

async function main([name, ...args]) {
  const command = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    usage();
    return 2;
  }
  await ensureInstalled();
  return command(args);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
