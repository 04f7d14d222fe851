import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../infra/stack/paths';
import { PORT_VARS, type ServiceProcess } from '../../infra/system/service-process';

export interface OperatorRebuild {
  /** Events the command says it replayed. */
  events: number;
  /** Seconds the command says the rebuild took (from its projection's assembly to the last write). */
  seconds: number;
  /** Seconds from starting the command to its exit: its build check, process start and connections too. */
  wallSeconds: number;
}

/** What the rebuild entry point prints when it is done (libs/platform's `runRebuild`). */
const REBUILT_LINE = /projection rebuilt from (\d+) events in (\d+) ms/;

/**
 * `npm run rebuild -- <service>`, as an operator runs it (`node infra/bin/run.mjs rebuild
 * <service>` is what that script runs), with the environment the service itself was started with,
 * so it finds the same stack and checks the same health port. The service must be stopped: the
 * command refuses while it answers there.
 */
export async function operatorRebuild(service: 'users' | 'messages', instance: ServiceProcess): Promise<OperatorRebuild> {
  const [portVar] = PORT_VARS[service];
  const env = { ...process.env, ...instance.options.env, [portVar]: String(instance.options.port) };
  const started = process.hrtime.bigint();
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'infra', 'bin', 'run.mjs'), 'rebuild', service], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ code: exitCode, output: text }));
  });
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rebuilt = REBUILT_LINE.exec(output);
  if (code !== 0 || !rebuilt) {
    throw new Error(
      `bench: npm run rebuild -- ${service} ${code !== 0 ? `exited with code ${code}` : 'printed no result'}:\n${output.slice(-2_000)}`,
    );
  }
  return { events: Number(rebuilt[1]), seconds: Number(rebuilt[2]) / 1000, wallSeconds };
}

/**
 * Runs `work` with the service stopped, as a rebuild requires, then starts it again and waits
 * until it answers healthy (its projection caught up), whatever `work` did.
 */
export async function whileStopped<T>(instance: ServiceProcess, work: () => Promise<T>): Promise<T> {
  await instance.stop();
  try {
    return await work();
  } finally {
    instance.start();
    await instance.waitHealthy();
  }
}
