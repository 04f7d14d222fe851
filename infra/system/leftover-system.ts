import { readFileSync } from 'node:fs';
import { systemInfoFile } from '../../libs/testing/src/system-info';
import { repoRoot } from '../stack/paths';
import { isAlive } from '../stack/processes';

const GRACE_MS = 10_000;

/**
 * Stops, by pid, the services the jest global setup started and its teardown did not stop (jest
 * exits on an unhandled rejection before its teardown ends). A pid is stopped only while it still
 * runs a service of this checkout.
 */
export async function stopLeftoverSystem(): Promise<void> {
  let pids: number[];
  try {
    const info = JSON.parse(readFileSync(systemInfoFile(), 'utf8')) as { pids?: Record<string, number> };
    pids = Object.values(info.pids ?? {}).filter((pid) => Number.isInteger(pid) && pid > 0);
  } catch {
    return;
  }
  const leftover = pids.filter(runsOurService);
  if (leftover.length === 0) return;
  console.error(`test: stopping ${leftover.length} service process(es) the test run left behind (pids ${leftover.join(', ')})`);
  for (const pid of leftover) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  while (leftover.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of leftover.filter(isAlive)) process.kill(pid, 'SIGKILL');
}

/** The pid may have been reused since: only a process running this checkout's compiled service counts. */
function runsOurService(pid: number): boolean {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return command.includes(`${repoRoot}/services/`) && command.includes('/dist/main.js');
  } catch {
    return false;
  }
}
