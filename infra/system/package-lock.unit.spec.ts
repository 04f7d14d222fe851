/**
 * `npm ci` installs package-lock.json as committed, and refuses a lock that lacks any package
 * the manifests name, including other platforms' optional binaries (an `npm install` over an
 * existing node_modules can drop those from the lock). npm 11 runs no dependency's install
 * script unless package.json's `allowScripts` approves it, and warns about each it has no
 * decision for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

interface LockEntry {
  optionalDependencies?: Record<string, string>;
  hasInstallScript?: boolean;
  link?: boolean;
}

const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };

/** Where npm looks for `name` from the package at `from`: its own node_modules, then each one above. */
function resolves(from: string, name: string): boolean {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
  }
}

describe('package-lock.json', () => {
  it("holds every optional dependency of every package, for every platform's npm ci", () => {
    const missing = Object.entries(lock.packages).flatMap(([at, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(at, name))
        .map((name) => `${name} (of ${at})`),
    );
    expect(missing).toEqual([]);
  });

  it("has a decision in package.json's allowScripts for every install script", () => {
    const names = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript && !entry.link)
      .map(([at]) => at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(names.length).toBeGreaterThan(0);
    expect([...new Set(names)].filter((name) => !(name in (manifest.allowScripts ?? {})))).toEqual([]);
  });
});
