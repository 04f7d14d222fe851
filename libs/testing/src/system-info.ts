import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface SystemInfo {
  gatewayUrl: string;
  /** The gateway's `GET /metrics` (on a port of its own). */
  gatewayMetricsUrl: string;
  realmHost: string;
  owner: { userId: number; email: string; apiKey: string };
  /** Environment the system's services run with (to start more instances alike). */
  env: Record<string, string>;
  ports: Record<string, number>;
  /** Pids of the processes the global setup started. */
  pids: Record<string, number>;
  /**
   * The Python clients' environment (the `zulip` package, zulip-term), installed by the global
   * setup, or why it could not be: only the tests that drive those clients fail then.
   */
  pythonClients: { python: string; zulipTerm: string } | { error: string };
}

const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const testDataDir = (): string => path.join(process.env.ZULIP_DATA_DIR ?? path.join(repoRoot, '.data'), 'test');
export const systemInfoFile = (): string => path.join(testDataDir(), 'system.json');

/** What the global setup started, for test files (which run in other processes). */
export function systemInfo(): SystemInfo {
  return JSON.parse(readFileSync(systemInfoFile(), 'utf8')) as SystemInfo;
}
