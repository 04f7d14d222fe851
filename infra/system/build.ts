import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../stack/paths';

/** Compiles every project (incremental: unchanged projects are skipped). */
export function buildAll(): void {
  const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');
  const started = Date.now();
  const result = spawnSync(tsc, ['-b', 'tsconfig.json'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build failed (tsc exit ${result.status})`);
  console.log(`build: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
