/**
 * The local stack: Kafka, a MongoDB-compatible store, Redis and MinIO, started as plain processes
 * under <data dir> (see paths.ts). `stackUp`, `stackDown` and `stackStatus` are what
 * `npm run stack:*` calls, and what test set-up code may call directly.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadStackConfig, type StackConfig } from './config';
import { withLock } from './lock';
import { kafkaPart } from './part-kafka';
import { minioPart } from './part-minio';
import { mongoPart } from './part-mongo';
import { redisPart } from './part-redis';
import type { Part } from './part';
import { dataDir, logFile } from './paths';
import { assertPortsFree, portIsFree } from './ports';
import { isAlive, livePid, removePidFile, startDetached, stopPid } from './processes';
import { errorMessage, retryUntil, say as printLine, sinceLastStart, type Say } from './util';

export type { StackConfig } from './config';

/**
 * Everything else (ports, credentials, MONGO_BACKEND, ZULIP_DATA_DIR, ZULIP_CACHE_DIR) is read
 * from process.env, as the services read it: set it before calling.
 */
export interface StackOptions {
  /** Where progress lines go; default stdout. Pass `() => {}` for silence. */
  say?: Say;
}

export interface PartStatus {
  name: Part['name'];
  description: string;
  address: string;
  pid?: number;
  running: boolean;
  healthy: boolean;
  detail: string;
}

export interface StackStatus {
  healthy: boolean;
  parts: PartStatus[];
}

/** Start order; `down` goes the other way. */
export function stackParts(config: StackConfig): Part[] {
  return [kafkaPart(config), mongoPart(config), redisPart(config), minioPart(config)];
}

export class StackError extends Error {}

/** Brings every part up (idempotent: healthy running parts are left alone). Throws a StackError listing what failed. */
export async function stackUp(options: StackOptions = {}): Promise<StackConfig> {
  const say = options.say ?? printLine;
  const config = loadStackConfig();
  const parts = stackParts(config);
  const results = await withStackLock(say, () => Promise.allSettled(parts.map((part) => upPart(part, say))));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [errorMessage(result.reason)] : []));
  if (failures.length > 0) throw new StackError(`stack up failed:\n${failures.join('\n\n')}`);
  return config;
}

/** One `up` or `down` at a time per data directory (two at once would race on the pid files). */
function withStackLock<T>(say: Say, body: () => Promise<T>): Promise<T> {
  fs.mkdirSync(dataDir(), { recursive: true });
  return withLock(path.join(dataDir(), '.lock'), say, 'stack', body, 5 * 60_000);
}

async function upPart(part: Part, say: Say): Promise<void> {
  const pid = livePid(part.name, part.commandLineMatch);
  if (pid !== undefined) {
    try {
      // It may have been started a moment ago by another run: give it its start time.
      await retryUntil(part.health, {
        timeoutMs: part.startTimeoutMs,
        stillWorth: () => (isAlive(pid) ? undefined : `${part.name}: pid ${pid} exited`),
      });
    } catch (error) {
      throw new Error(
        `${part.name}: pid ${pid} (from its pid file) is running but not healthy: ${errorMessage(error)}\n` +
          `  see ${logFile(part.name)}; \`npm run stack:down\` then up again restarts it`,
      );
    }
    say(`${part.name}: running (pid ${pid}) on ${part.address}`);
  } else {
    await assertPortsFree(part.name, part.ports);
    await part.provision(say);
    const launch = await part.prepare(say);
    await assertPortsFree(part.name, part.ports); // provisioning may have taken minutes
    const began = Date.now();
    const started = startDetached(part.name, launch);
    try {
      await retryUntil(part.health, {
        timeoutMs: part.startTimeoutMs,
        intervalMs: 250,
        stillWorth: () => started.exited() ?? (isAlive(started.pid) ? undefined : 'exited'),
      });
    } catch (error) {
      const exited = started.exited() ?? (isAlive(started.pid) ? undefined : `${part.name}: exited right after start`);
      const what =
        exited ?? `${part.name}: not healthy within ${part.startTimeoutMs / 1000} s of start (pid ${started.pid}): ${errorMessage(error)}`;
      throw new Error(`${what}\n  log ${logFile(part.name)}:\n${indent(sinceLastStart(logFile(part.name)))}`);
    }
    say(`${part.name}: started (pid ${started.pid}) on ${part.address} in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
  if (part.afterHealthy) {
    const line = await part.afterHealthy();
    if (line) say(line);
  }
}

/** Stops every part this stack started (reverse order; SIGTERM, SIGKILL after 20 s). Data is kept. */
export async function stackDown(options: StackOptions = {}): Promise<void> {
  const say = options.say ?? printLine;
  const parts = stackParts(loadStackConfig()).reverse();
  await withStackLock(say, async () => {
    for (const part of parts) await downPart(part, say);
  });
}

async function downPart(part: Part, say: Say): Promise<void> {
  const pid = livePid(part.name, part.commandLineMatch); // removes a stale pid file
  if (pid === undefined) {
    say(`${part.name}: not running`);
    return;
  }
  const began = Date.now();
  const how = await stopPid(pid, 20_000);
  removePidFile(part.name);
  say(`${part.name}: stopped (pid ${pid}, ${how} in ${((Date.now() - began) / 1000).toFixed(1)} s)`);
}

/** One status line per part; `healthy` only when every part is. */
export async function stackStatus(): Promise<StackStatus> {
  const config = loadStackConfig();
  const parts = await Promise.all(stackParts(config).map(partStatus));
  return { healthy: parts.every((part) => part.healthy), parts };
}

async function partStatus(part: Part): Promise<PartStatus> {
  const base = { name: part.name, description: part.description, address: part.address };
  const pid = livePid(part.name, part.commandLineMatch);
  if (pid === undefined) {
    const busy: number[] = [];
    for (const { host, port } of part.ports) if (!(await portIsFree(host, port))) busy.push(port);
    const detail = busy.length ? `port ${busy.join(', ')} in use by a process this stack did not start` : 'not running';
    return { ...base, running: false, healthy: false, detail };
  }
  try {
    const details = [await part.health()];
    if (part.statusDetail) details.push(await part.statusDetail());
    const healthy = !details.some((detail) => detail.startsWith('missing'));
    return { ...base, pid, running: true, healthy, detail: details.join('; ') };
  } catch (error) {
    return { ...base, pid, running: true, healthy: false, detail: `unhealthy: ${errorMessage(error)} (log ${logFile(part.name)})` };
  }
}

export function formatStatus(status: StackStatus): string {
  const rows = status.parts.map((part) => [
    part.name,
    part.running ? 'running' : 'stopped',
    part.pid ? `pid ${part.pid}` : '-',
    part.address,
    part.healthy ? 'healthy' : 'UNHEALTHY',
    `${part.description}: ${part.detail}`,
  ]);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column]!) : cell)).join('  '))
    .join('\n');
}

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
