/** Commands that come from the system's package manager (Debian/Ubuntu: apt-get). */
import * as path from 'node:path';
import { onPath } from './config';
import { withLock } from './lock';
import { cacheDir } from './paths';
import { run, withHeartbeat, type Say } from './util';

/**
 * Makes sure `command` is on PATH, installing the Debian package `aptPackage` when it is not
 * (as root, or through sudo when not root and sudo exists). Returns whether it was installed now.
 */
export async function ensureSystemCommand(label: string, command: string, aptPackage: string, say: Say): Promise<boolean> {
  if (onPath(command)) return false;
  return withLock(path.join(cacheDir(), '.lock-apt'), say, label, async () => {
    if (onPath(command)) return false;
    if (!onPath('apt-get')) {
      throw new Error(`${label}: "${command}" is not on PATH and there is no apt-get to install ${aptPackage}; install it yourself`);
    }
    const isRoot = process.getuid?.() === 0;
    if (!isRoot && !onPath('sudo')) {
      throw new Error(`${label}: "${command}" is not on PATH; install it with: apt-get install -y ${aptPackage} (as root)`);
    }
    const asRoot = (args: string[]): [string, string[]] => (isRoot ? ['apt-get', args] : ['sudo', ['apt-get', ...args]]);
    say(`${label}: installing ${aptPackage} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await withHeartbeat(say, `${label}: installing ${aptPackage}`, async () => {
      await run(...asRoot(['update']), { env });
      await run(...asRoot(['install', '-y', '--no-install-recommends', aptPackage]), { env });
    });
    if (!onPath(command)) throw new Error(`${label}: installed ${aptPackage} but "${command}" is still not on PATH`);
    return true;
  });
}
