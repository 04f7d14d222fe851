#!/usr/bin/env node
/**
 * Proves the README's first command as a newcomer runs it: `npm start` in this clone (nothing
 * installed or built yet), with a data folder of its own, until it prints a zuliprc; then
 * `GET /api/v1/users/me` with those credentials must answer the owner. Fails when no zuliprc is
 * printed in time, when the request fails, or when the output on the way holds error text.
 *
 * Everything it starts is stopped by pid: npm start's process group with SIGINT (what Ctrl-C
 * does), then the stack, which npm start leaves running, with `npm run stack:down`.
 *
 * Plain Node, no dependencies: it runs before `npm ci`.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.data', 'start-check');
/** A first start on a new machine builds MinIO and FerretDB from source: about 10 minutes here. */
const START_TIMEOUT_MS = Number(process.env.START_CHECK_TIMEOUT_S ?? 1800) * 1000;
const STOP_TIMEOUT_MS = 60_000;
const env = { ...process.env, ZULIP_DATA_DIR: dataDir };

/**
 * What a newcomer reads as a failure: npm's error and warning lines, Node's warnings, a stack
 * trace, a failed step, and any service log line at warning level or above (pino levels 40-60).
 */
const ERROR_TEXT = [
  /^npm (error|warn|ERR!)/i,
  /\(node:\d+\)|\w*Warning\b/,
  /^\s+at .+\(.+:\d+:\d+\)$/,
  /\b(failed|Error:|exception)\b/i,
  /"level":\s*(4|5|6)\d\b/,
];

const log = (line) => process.stdout.write(`start-check: ${line}\n`);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs `npm start` in a process group of its own; resolves with its zuliprc, or rejects. */
function startUntilZuliprc(child, began) {
  return new Promise((resolve, reject) => {
    const errors = [];
    let rcLines; // from the `[api]` line on
    let pending = '';
    const onData = (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop();
      for (const line of complete) {
        if (ERROR_TEXT.some((pattern) => pattern.test(line))) errors.push(line);
        if (line === '[api]') rcLines = [];
        else if (rcLines) rcLines.push(line);
        const rc = rcLines?.length === 3 ? zuliprc(rcLines) : undefined;
        if (rc) return resolve({ rc, errors });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) =>
      reject(new Error(`npm start exited (${signal ?? `code ${code}`}) after ${seconds(began)} without printing a zuliprc`)),
    );
    setTimeout(() => reject(new Error(`npm start printed no zuliprc within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS).unref();
  });
}

/** The three lines after the `[api]` line npm start prints: email, key and site. */
function zuliprc(lines) {
  const fields = Object.fromEntries(lines.map((line) => line.split(/=(.*)/s).slice(0, 2)));
  return fields.email && fields.key && fields.site ? fields : undefined;
}

async function usersMe({ email, key, site }) {
  const response = await fetch(new URL('/api/v1/users/me', site), {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}` },
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.json().catch(() => ({}));
  if (response.status !== 200 || body.result !== 'success' || body.email !== email) {
    throw new Error(`GET /api/v1/users/me answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

/** SIGINT to the group, as Ctrl-C; SIGKILL to the group if it has not exited in time. */
async function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return 'already exited';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)));
  process.kill(-child.pid, 'SIGINT');
  const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), STOP_TIMEOUT_MS);
  const how = await exited;
  clearTimeout(timer);
  try {
    process.kill(-child.pid, 0);
    process.kill(-child.pid, 'SIGKILL'); // a process of the group outlived npm start
    return `${how}, leftovers killed`;
  } catch {
    return how;
  }
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  rmSync(dataDir, { recursive: true, force: true });
  const began = Date.now();
  log(`npm start, data in ${dataDir}`);
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let failure;
  try {
    const { rc, errors } = await startUntilZuliprc(child, began);
    log(`zuliprc printed after ${seconds(began)}`);
    const me = await usersMe(rc);
    log(`GET ${rc.site}/api/v1/users/me as ${rc.email}: 200, user_id ${me.user_id}, role ${me.role}`);
    if (errors.length > 0) failure = new Error(`npm start printed error text on the way:\n${errors.join('\n')}`);
  } catch (error) {
    failure = error;
  } finally {
    log(`npm start (pid ${child.pid}) stopped: ${await stopGroup(child)}`);
    const down = await run('npm', ['run', '--silent', 'stack:down']);
    if (down !== 0 && !failure) failure = new Error(`npm run stack:down failed (exit code ${down})`);
  }
  if (failure) throw failure;
  log(`ok in ${seconds(began)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    log(`FAILED: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
