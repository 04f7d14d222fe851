/** Small helpers shared by the stack scripts: running commands, waiting, log tails. */
import { spawn, type SpawnOptions } from 'node:child_process';
import * as fs from 'node:fs';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Prints one line, prefixed by the part it is about: "kafka: cached". */
export type Say = (line: string) => void;
export const say: Say = (line) => process.stdout.write(`${line}\n`);

/**
 * Runs a command to completion. Its output goes to `logPath` (appended) when given, else it is
 * captured and returned; a non-zero exit throws with the tail of the output.
 */
export async function run(command: string, args: string[], options: SpawnOptions & { logPath?: string } = {}): Promise<string> {
  const { logPath, ...spawnOptions } = options;
  const logFd = logPath ? fs.openSync(logPath, 'a') : undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      const child = spawn(command, args, {
        ...spawnOptions,
        stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', (error) => reject(new Error(`${command}: ${error.message}`)));
      child.on('close', (code, signal) => {
        if (code === 0) return resolve(output);
        const tail = logPath ? tailOf(logPath) : output.trim().split('\n').slice(-20).join('\n');
        const where = logPath ? ` (log: ${logPath})` : '';
        reject(new Error(`${command} ${args.join(' ')} failed with ${signal ?? `exit code ${code}`}${where}\n${tail}`));
      });
    });
  } finally {
    if (logFd !== undefined) fs.closeSync(logFd);
  }
}

/** The last lines of a file, for error messages; empty when it does not exist. */
export function tailOf(file: string, lines = 20): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** What a log file got since the last "==== <time> starting:" line that startDetached writes. */
export function sinceLastStart(file: string, lines = 20): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const start = text.lastIndexOf('\n==== ');
  const since = (start >= 0 ? text.slice(start + 1) : text).trimEnd().split('\n');
  return since.length > lines ? [...since.slice(0, lines), `… (${since.length - lines} more lines)`].join('\n') : since.join('\n');
}

/**
 * Calls `attempt` until it resolves or `timeoutMs` passes; then throws the last error.
 * `stillWorth` (checked before each attempt) can abort early, e.g. when the process died.
 */
export async function retryUntil<T>(
  attempt: () => Promise<T>,
  opts: { timeoutMs: number; intervalMs?: number; stillWorth?: () => string | undefined },
): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  let lastError: unknown;
  for (;;) {
    const abort = opts.stillWorth?.();
    if (abort) throw new Error(abort);
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await sleep(opts.intervalMs ?? 500);
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/** How often a long step says that it is still going. */
export const HEARTBEAT_MS = 10_000;

/**
 * Runs a step that may take minutes (a build from source, a download) and says every
 * HEARTBEAT_MS that it is still going, with the elapsed time and, when `progress` tells it, how
 * far it got: "minio: building… 40 s (312 packages compiled)". A silent terminal for minutes
 * reads as a hang.
 */
export async function withHeartbeat<T>(say: Say, what: string, body: () => Promise<T>, progress?: () => string | undefined): Promise<T> {
  const began = Date.now();
  const timer = setInterval(() => {
    const detail = progress?.();
    say(`${what}… ${Math.round((Date.now() - began) / 1000)} s${detail ? ` (${detail})` : ''}`);
  }, HEARTBEAT_MS);
  try {
    return await body();
  } finally {
    clearInterval(timer);
  }
}

/** Races a promise against a timeout. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
