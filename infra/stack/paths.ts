/**
 * Where the local stack keeps its data, logs, pid files and the binaries it builds.
 *   ZULIP_DATA_DIR   default <repo>/.data                       (per checkout; git-ignored)
 *   ZULIP_CACHE_DIR  default ${XDG_CACHE_HOME:-~/.cache}/zulip-es (per machine; shared by checkouts)
 */
import * as os from 'node:os';
import * as path from 'node:path';

export type PartName = 'kafka' | 'mongo' | 'redis' | 'minio';

/** The repository root (this file lives in <root>/infra/stack). */
export const repoRoot = path.resolve(__dirname, '..', '..');

export function dataDir(): string {
  const fromEnv = process.env.ZULIP_DATA_DIR;
  return fromEnv ? path.resolve(fromEnv) : path.join(repoRoot, '.data');
}

export function cacheDir(): string {
  const fromEnv = process.env.ZULIP_CACHE_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(xdg, 'zulip-es');
}

/** The data directory of one part, e.g. <data>/kafka. */
export const partDir = (part: PartName): string => path.join(dataDir(), part);
export const logsDir = (): string => path.join(dataDir(), 'logs');
export const pidsDir = (): string => path.join(dataDir(), 'pids');
export const logFile = (part: PartName): string => path.join(logsDir(), `${part}.log`);
export const pidFile = (part: PartName): string => path.join(pidsDir(), `${part}.pid`);
