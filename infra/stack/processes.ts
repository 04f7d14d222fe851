/**
 * Long-running processes of the stack: started detached (they outlive `stack:up`), tracked by
 * pid files in <data>/pids, stopped by pid (SIGTERM, then SIGKILL after a grace period).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { logFile, logsDir, pidFile, pidsDir, type PartName } from './paths';
import { sleep } from './util';

export interface Launch {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface Started {
  pid: number;
  /** Set once the process has exited while this command still watches it. */
  exited: () => string | undefined;
}

/** True when `pid` names a running process (a zombie does not count). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
}

/** The command line of a process, where /proc tells it. */
function commandLine(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

export function readPid(part: PartName): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile(part), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function removePidFile(part: PartName): void {
  fs.rmSync(pidFile(part), { force: true });
}

/**
 * The pid of the part's process when its pid file points at a live process that still looks like
 * it (guards against a pid reused by something else after a reboot). A stale pid file is removed.
 */
export function livePid(part: PartName, commandLineMatch: string): number | undefined {
  const pid = readPid(part);
  if (pid === undefined) return undefined;
  const cmdline = commandLine(pid);
  if (isAlive(pid) && (cmdline === undefined || cmdline.includes(commandLineMatch))) return pid;
  removePidFile(part);
  return undefined;
}

/** Starts a part detached from this process, its output appended to <logs>/<part>.log. */
export function startDetached(part: PartName, launch: Launch): Started {
  fs.mkdirSync(logsDir(), { recursive: true });
  fs.mkdirSync(pidsDir(), { recursive: true });
  const log = logFile(part);
  const fd = fs.openSync(log, 'a');
  fs.writeSync(fd, `\n==== ${new Date().toISOString()} starting: ${launch.command} ${launch.args.join(' ')}\n`);
  let exitedWith: string | undefined;
  try {
    const child = spawn(launch.command, launch.args, {
      cwd: launch.cwd,
      env: { ...process.env, ...launch.env },
      detached: true,
      stdio: ['ignore', fd, fd],
    });
    if (child.pid === undefined) throw new Error(`${part}: could not start ${launch.command}`);
    child.on('error', (error) => (exitedWith = `${part}: ${error.message}`));
    child.on('exit', (code, signal) => {
      exitedWith = `${part}: exited right after start (${signal ?? `exit code ${code}`})`;
    });
    child.unref();
    fs.writeFileSync(pidFile(part), `${child.pid}\n`);
    return { pid: child.pid, exited: () => exitedWith };
  } finally {
    fs.closeSync(fd);
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  // Detached children lead their own process group: signal the group, so helpers go too.
  try {
    process.kill(-pid, sig);
    return;
  } catch {
    /* not a group leader, or already gone */
  }
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

/** SIGTERM, wait up to `graceMs`, then SIGKILL. Resolves to how it ended. */
export async function stopPid(pid: number, graceMs = 20_000): Promise<'terminated' | 'killed' | 'not running'> {
  if (!isAlive(pid)) return 'not running';
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return 'terminated';
    await sleep(100);
  }
  signal(pid, 'SIGKILL');
  for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
  return 'killed';
}
