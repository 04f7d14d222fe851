/** Redis comes from the system (Debian's redis-server package). */
import { execFileSync } from 'node:child_process';
import { ensureSystemCommand } from './provision-system';
import type { Say } from './util';

export async function ensureRedis(say: Say): Promise<string> {
  const installed = await ensureSystemCommand('redis', 'redis-server', 'redis-server', say);
  const version = /v=(\S+)/.exec(execFileSync('redis-server', ['--version'], { encoding: 'utf8' }))?.[1] ?? '?';
  say(`redis: ${installed ? 'installed' : 'found'} redis-server ${version}`);
  return 'redis-server';
}
