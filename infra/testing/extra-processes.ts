import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { extraPidsDir as registry, registerExtraPid } from '../../libs/testing/src/extra-pids';
import { systemInfo, testDataDir } from '../../libs/testing/src/system-info';
import { isAlive, stopPid } from '../stack/processes';
import { ServiceProcess, type ServiceId, type ServiceProcessOptions } from '../system/service-process';

export { registerExtraPid };

/**
 * A service process started by a test beyond the system of the global setup (a second instance,
 * a replacement after a crash). Its pid is registered so the global teardown stops it even when
 * the test fails half-way.
 */
export async function startExtra(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const proc = new ServiceProcess(options);
  proc.start();
  registerExtraPid(proc.pid!, options.service);
  proc.onExit(() => rmSync(path.join(registry(), String(proc.pid)), { force: true }));
  await proc.waitHealthy();
  return proc;
}

/** A free port for an extra instance: below the system's gateway port, so checkouts side by side do not collide. */
export const extraPort = (offset: number): number => systemInfo().ports.gateway - offset;

/**
 * Another instance of `service` beside the system under test: the system's environment plus
 * `env`, its log in the test logs folder under `name`.
 */
export function startInstance(service: ServiceId, name: string, port: number, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return startExtra({
    service,
    name,
    port,
    env: { ...systemInfo().env, ...env },
    logFile: path.join(testDataDir(), 'logs', `${name}.log`),
  });
}

/**
 * The process of `service` running now: the system's own, or a replacement a crash test started
 * after killing it (crash tests of one service share a file, so they never kill it side by side).
 */
export function runningPid(service: ServiceId): number {
  let replacements: number[] = [];
  try {
    replacements = readdirSync(registry())
      .filter((f) => readFileSync(path.join(registry(), f), 'utf8') === service)
      .map(Number);
  } catch {
    replacements = [];
  }
  const pid = [systemInfo().pids[service], ...replacements].find((p) => p > 0 && isAlive(p));
  if (!pid) throw new Error(`no ${service} service process is running`);
  return pid;
}

/** Stops every registered extra process by its pid (SIGTERM, then SIGKILL). */
export async function stopExtras(graceMs = 10_000): Promise<void> {
  let pids: number[];
  try {
    pids = readdirSync(registry())
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
  } catch {
    return;
  }
  await Promise.all(pids.map((pid) => stopPid(pid, graceMs)));
  rmSync(registry(), { recursive: true, force: true });
}
