import { spawn } from 'node:child_process';
import path from 'node:path';
import { stackUp } from '../stack/stack';
import { repoRoot } from '../stack/paths';
import { say as printLine, withHeartbeat, type Say } from '../stack/util';

/**
 * Builds every project through Nx, in the order of its project graph (each `build` waits for
 * its dependencies' builds); a project whose inputs did not change is restored from Nx's cache.
 * Nx's output is shown only when the build fails. No Nx daemon is left running.
 */
export async function buildAll(say: Say = printLine): Promise<void> {
  const began = Date.now();
  const nx = path.join(repoRoot, 'node_modules', '.bin', 'nx');
  const args = ['run-many', '--targets=build', '--output-style=static'];
  const { code, output } = await withHeartbeat(say, 'build: compiling', () => capture(nx, args));
  if (code !== 0) {
    process.stderr.write(output);
    throw new Error(`build failed (nx exit code ${code}): see the compiler's messages above`);
  }
  const cached = /Nx read the output from the cache instead of running the command for (\d+) out of (\d+) tasks/.exec(output);
  const detail = cached ? `, ${cached[1]} of ${cached[2]} projects from the cache` : '';
  say(`build: ok (${((Date.now() - began) / 1000).toFixed(1)} s${detail})`);
}

/**
 * The stack and the build at the same time: starting the stack mostly waits on Kafka and
 * provisioning, the build mostly computes. Throws the first failure once both have ended, so
 * neither is left running behind an error.
 */
export async function stackUpAndBuild(say: Say = printLine): Promise<void> {
  const results = await Promise.allSettled([stackUp({ say }), buildAll(say)]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

function capture(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}
