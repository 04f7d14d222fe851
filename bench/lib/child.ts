import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

export const READY_LINE = 'ready';

/**
 * A TypeScript program of the bench run as its own process (`node --import tsx`, one process
 * rather than the tsx CLI's wrapper plus child, so the pid is the program's). It prints
 * READY_LINE on stdout once it serves; everything else it writes goes to its log file.
 */
export class BenchChild {
  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  static async start(
    name: string,
    file: string,
    options: { logDir: string; env?: Record<string, string>; timeoutMs?: number },
  ): Promise<BenchChild> {
    mkdirSync(options.logDir, { recursive: true });
    const logFile = path.join(options.logDir, `${name}.log`);
    const log = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.pipe(log);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const handle = new BenchChild(name, child, exited);
    const timeoutMs = options.timeoutMs ?? 60_000;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(`${name} not ready within ${timeoutMs} ms (see ${logFile})`), timeoutMs);
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(why));
      };
      let buffered = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        log.write(chunk);
        buffered += chunk.toString();
        if (buffered.split('\n').includes(READY_LINE)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => fail(`${name} exited with code ${code} before it was ready (see ${logFile})`));
    });
    void exited.then(() => log.end());
    return handle;
  }

  /** SIGTERM to this pid only, SIGKILL after `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
