import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDataDir } from './system-info';

/** One file per process a test started beyond the system (named by its pid, holding what it is). */
export const extraPidsDir = (): string => path.join(testDataDir(), 'extra-pids');

/**
 * Records a process a test started, for the global teardown to stop (by its pid) should the test
 * not: after a crash of the test's worker, or a run cut short.
 */
export function registerExtraPid(pid: number, what: string): void {
  mkdirSync(extraPidsDir(), { recursive: true });
  writeFileSync(path.join(extraPidsDir(), String(pid)), what);
}

/** Forgets a registered process once it is stopped, so that no later process given its pid is stopped instead. */
export function unregisterExtraPid(pid: number): void {
  rmSync(path.join(extraPidsDir(), String(pid)), { force: true });
}
