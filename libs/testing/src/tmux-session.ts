import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { registerExtraPid, unregisterExtraPid } from './extra-pids';

export interface TmuxStartOptions {
  /** Names the tmux server's socket (with a random suffix) and appears in messages. */
  label: string;
  /** The program and its arguments, run without a shell. */
  command: string[];
  /** Its working folder; tmux's own configuration is written there too. */
  cwd: string;
  env?: Record<string, string>;
  /** Default 120 × 40. */
  width?: number;
  height?: number;
}

/**
 * A terminal program in a detached tmux session on a tmux server of its own (`tmux -L <socket>`,
 * so it never touches another tmux server), read as a person reads it: `screen()` is the text of
 * the pane, `keys()` presses keys. The pane stays after the program exits, so its last screen
 * can still be read. `stop()` ends the program and the server by their pids; both pids are
 * registered for the global teardown, should a test never reach `stop()`.
 */
export class TmuxSession {
  private constructor(
    readonly label: string,
    private readonly socket: string,
    private readonly socketPath: string,
    readonly serverPid: number,
    readonly panePid: number,
  ) {}

  static start(options: TmuxStartOptions): TmuxSession {
    const socket = `zulip-es-${options.label}-${process.pid}-${randomBytes(3).toString('hex')}`;
    const config = path.join(options.cwd, 'tmux.conf');
    writeFileSync(
      config,
      [
        'set -g remain-on-exit on', // the last screen of a program that crashed stays readable
        'set -g status off', // the pane is the whole screen
        'set -g default-terminal tmux-256color',
        'set -g history-limit 2000',
        '',
      ].join('\n'),
    );
    const env = Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${value}`);
    const size = ['-x', String(options.width ?? 120), '-y', String(options.height ?? 40)];
    execFileSync(
      'tmux',
      ['-L', socket, '-f', config, 'new-session', '-d', '-s', 'main', ...size, '-c', options.cwd, '--', 'env', ...env, ...options.command],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const tmux = (format: string): string =>
      execFileSync('tmux', ['-L', socket, 'display-message', '-p', '-t', 'main', format], { encoding: 'utf8' }).trim();
    const session = new TmuxSession(options.label, socket, tmux('#{socket_path}'), Number(tmux('#{pid}')), Number(tmux('#{pane_pid}')));
    registerExtraPid(session.serverPid, `tmux server ${socket}`);
    registerExtraPid(session.panePid, `${options.label} in tmux ${socket}`);
    return session;
  }

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** The pane's text as shown now, without trailing blanks. */
  screen(): string {
    return this.tmux(['capture-pane', '-p', '-t', 'main'])
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .trimEnd();
  }

  /** tmux key names, e.g. `keys('Enter')`, `keys('C-d')`, `keys('Escape')`, `keys('s')`. */
  keys(...names: string[]): void {
    this.tmux(['send-keys', '-t', 'main', ...names]);
  }

  /** Types `text` literally, key by key. */
  type(text: string): void {
    this.tmux(['send-keys', '-t', 'main', '-l', text]);
  }

  /** The program's exit status once it has exited (its pane stays), else undefined. */
  exitStatus(): number | undefined {
    const [dead, status] = this.tmux(['display-message', '-p', '-t', 'main', '#{pane_dead} #{pane_dead_status}']).trim().split(' ');
    return dead === '1' ? Number(status) : undefined;
  }

  /**
   * Waits until the screen satisfies `check`, and returns it; fails after `timeoutMs`, or as soon
   * as the program exits, with the screen and `diagnosis()` (e.g. the program's log) in the
   * message.
   */
  async waitForScreen(
    what: string,
    check: (screen: string) => boolean,
    options: { timeoutMs?: number; diagnosis?: () => string } = {},
  ): Promise<string> {
    const deadline = Date.now() + (options.timeoutMs ?? 20_000);
    for (;;) {
      const screen = this.screen();
      if (check(screen)) return screen;
      const status = this.exitStatus();
      if (status !== undefined || Date.now() > deadline) {
        const why = status !== undefined ? `${this.label} exited with status ${status}` : `not within ${options.timeoutMs ?? 20_000} ms`;
        const diagnosis = options.diagnosis?.().trim();
        throw new Error(`${this.label}: waited for ${what}, ${why}. The screen:\n${frame(screen)}${diagnosis ? `\n${diagnosis}` : ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Ends the program (SIGTERM, then SIGKILL) by its pid, then its tmux server (through its own
   * socket, so that it removes the socket, then by its pid should it still run). A program that
   * already exited is not signalled: its pid may belong to another process by now.
   */
  async stop(): Promise<void> {
    if (this.running()) await stopPid(this.panePid);
    unregisterExtraPid(this.panePid);
    try {
      this.tmux(['kill-server']);
    } catch {
      // already gone
    }
    await stopPid(this.serverPid);
    unregisterExtraPid(this.serverPid);
    rmSync(this.socketPath, { force: true });
  }

  private running(): boolean {
    try {
      return this.exitStatus() === undefined;
    } catch {
      return false; // the tmux server is gone, and the pane with it
    }
  }
}

/** A screen between rules, so its blank lines and edges show in a failure message. */
export const frame = (screen: string): string => {
  const rule = '-'.repeat(Math.max(20, ...screen.split('\n').map((line) => line.length)));
  return `${rule}\n${screen}\n${rule}`;
};

async function stopPid(pid: number, graceMs = 5_000): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
