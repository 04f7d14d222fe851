import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../stack/paths';

export const SERVICES = ['users', 'messages', 'uploads', 'push', 'realtime', 'gateway'] as const;
export type ServiceId = (typeof SERVICES)[number];

/** Each service's own port variable and default (gateway 9991, the others' health endpoints). */
export const PORT_VARS: Record<ServiceId, [string, number]> = {
  gateway: ['GATEWAY_PORT', 9991],
  users: ['USERS_PORT', 9992],
  messages: ['MESSAGES_PORT', 9993],
  uploads: ['UPLOADS_PORT', 9994],
  push: ['PUSH_PORT', 9995],
  realtime: ['REALTIME_PORT', 9997],
};

/**
 * V8 sizes its heap for throughput (16 MB semi-spaces, a generous old generation); 4 MB
 * semi-spaces and `--optimize-for-size` (V8's own memory-over-speed heuristics) keep an idle
 * service near 110 MB of RSS instead of 140-155 MB, the bench showing no loss of latency or
 * throughput. The Dockerfile and the Nx serve targets use the same flags.
 */
export const NODE_FLAGS = ['--max-semi-space-size=4', '--optimize-for-size'];

export interface ServiceProcessOptions {
  service: ServiceId;
  /** Distinguishes several instances of one service. */
  name?: string;
  env: Record<string, string>;
  port: number;
  /** Output goes to this file, or line by line to `onLine`. */
  logFile?: string;
  onLine?: (line: string) => void;
}

/** One built service (`services/<name>/dist/main.js`) as a child process, stopped by its pid. */
export class ServiceProcess {
  private child?: ChildProcess;
  private log?: WriteStream;
  private exited?: Promise<number | null>;

  constructor(readonly options: ServiceProcessOptions) {}

  get name(): string {
    return this.options.name ?? this.options.service;
  }
  get pid(): number | undefined {
    return this.child?.pid;
  }
  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  start(): void {
    const main = path.join(repoRoot, 'services', this.options.service, 'dist', 'main.js');
    const [portVar] = PORT_VARS[this.options.service];
    const child = spawn(process.execPath, [...NODE_FLAGS, main], {
      cwd: repoRoot,
      env: { ...process.env, ...this.options.env, [portVar]: String(this.options.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    if (this.options.logFile) {
      mkdirSync(path.dirname(this.options.logFile), { recursive: true });
      this.log = createWriteStream(this.options.logFile, { flags: 'a' });
      child.stdout!.pipe(this.log, { end: false });
      child.stderr!.pipe(this.log, { end: false });
    } else {
      const onLine = this.options.onLine ?? ((line: string) => process.stdout.write(`${line}\n`));
      for (const stream of [child.stdout!, child.stderr!]) {
        let rest = '';
        stream.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          lines.forEach(onLine);
        });
      }
    }
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /**
   * Resolves when `GET /health` answers 200; fails early if the process exits. A service that
   * answers "starting" is catching its projection up (a rebuild after an upgrade replays every
   * event), so it gets `catchUpMs` instead of `timeoutMs`.
   */
  async waitHealthy(timeoutMs = 60_000, catchUpMs = 15 * 60_000): Promise<void> {
    const started = Date.now();
    let deadline = started + timeoutMs;
    let exitCode: number | null | undefined;
    void this.exited?.then((code) => (exitCode = code));
    while (Date.now() < deadline) {
      if (exitCode !== undefined) throw new Error(`${this.name} exited with code ${exitCode} before it was healthy${this.logHint()}`);
      try {
        const res = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1_000) });
        if (res.status === 200) return;
        deadline = started + catchUpMs;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.name} not healthy after ${Date.now() - started} ms${this.logHint()}`);
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return this.closeLog();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    this.closeLog();
  }

  /** A crash: no shutdown hook runs. */
  async kill9(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
    this.closeLog();
  }

  onExit(listener: (code: number | null) => void): void {
    void this.exited?.then(listener);
  }

  private closeLog(): void {
    this.log?.end();
    this.log = undefined;
  }

  private logHint(): string {
    return this.options.logFile ? ` (see ${this.options.logFile})` : '';
  }
}
