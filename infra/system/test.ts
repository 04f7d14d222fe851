/**
 * `npm test`: the stack (started here, and stopped again, unless it was already running), a
 * build, then every jest project. Ends with a plain `tests: N passed, N failed` line.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stackDown, stackStatus } from '../stack/stack';
import { repoRoot } from '../stack/paths';
import { stopExtras } from '../testing/extra-processes';
import { stackUpAndBuild } from './build';
import { localSecrets } from './local-secrets';
import { stopLeftoverSystem } from './leftover-system';

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  /** Suites that failed before any test ran (an import that throws): no test counts as failed. */
  numRuntimeErrorTestSuites: number;
  success: boolean;
}

async function main(args: string[]): Promise<number> {
  const wasRunning = (await stackStatus()).healthy;
  try {
    localSecrets(); // made before the stack's first start: the global setup reads them
    await stackUpAndBuild();
    npmScript('typecheck');
    npmScript('lint');
    const report = path.join(repoRoot, '.data', 'test', 'jest-report.json');
    rmSync(report, { force: true });
    const jest = path.join(repoRoot, 'node_modules', '.bin', 'jest');
    const ci = process.env.CI ? ['--ci'] : [];
    const run = spawnSync(jest, [...ci, '--json', `--outputFile=${report}`, ...args], { cwd: repoRoot, stdio: 'inherit' });
    // Jest's global teardown stops them, unless jest died on the way (an unhandled rejection).
    await stopExtras();
    await stopLeftoverSystem();
    const summary = readSummary(report);
    if (summary) {
      const skipped = summary.numPendingTests > 0 ? `, ${summary.numPendingTests} skipped` : '';
      const broken = summary.numRuntimeErrorTestSuites > 0 ? `, ${summary.numRuntimeErrorTestSuites} suites failed to run` : '';
      console.log(`\ntests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped}${broken}`);
    }
    return run.status ?? 1;
  } finally {
    if (!wasRunning) await stackDown();
  }
}

/**
 * One of the package's own scripts (`npm run typecheck`, `npm run lint`), as a developer runs
 * it; its output shows only when it fails.
 */
function npmScript(script: string): void {
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', script], { cwd: repoRoot, encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}`);
    throw new Error(`${script} failed`);
  }
  console.log(`${script}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function readSummary(file: string): JestSummary | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as JestSummary;
  } catch {
    return undefined;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
