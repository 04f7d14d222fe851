import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pythonClients, writeZuliprc } from './python-clients';
import { frame, TmuxSession } from './tmux-session';
import type { Credentials } from './zulip-client';

/** What zulip-term writes in its working folder (its names are fixed). */
const TRACEBACKS_LOG = 'zulip-terminal-tracebacks.log';
const API_LOG = 'zulip-terminal-API-requests.log';

/**
 * zulip-terminal (zulip-term), logged in as `credentials` on the system under test through a
 * zuliprc, in a tmux pane of `width` × `height` (default 120 × 40). `--debug` makes it log each
 * API call; its folder (zuliprc, logs) is under the test data, named in failure messages.
 */
export class ZulipTerminal {
  /** The last line of the traceback it crashed with, once it has. */
  private crash: string | undefined;

  private constructor(
    readonly tmux: TmuxSession,
    readonly dir: string,
  ) {}

  static start(credentials: Credentials, options: { width?: number; height?: number } = {}): ZulipTerminal {
    const { zulipTerm } = pythonClients();
    const zuliprc = writeZuliprc(credentials, 'zulip-term');
    const dir = path.dirname(zuliprc);
    const tmux = TmuxSession.start({
      label: 'zulip-term',
      command: [
        zulipTerm,
        '--config-file',
        zuliprc,
        '--debug',
        '--no-autohide',
        '--no-notify',
        '--theme',
        'zt_dark',
        '--color-depth',
        '256',
      ],
      cwd: dir,
      // Its own HOME, so nothing of the user running the tests (a ~/zuliprc) comes in.
      env: { HOME: dir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TZ: 'UTC', PYTHONNOUSERSITE: '1' },
      width: options.width,
      height: options.height,
    });
    return new ZulipTerminal(tmux, dir);
  }

  screen(): string {
    return this.tmux.screen();
  }

  /**
   * Waits until the screen satisfies `check`. On a crash (zulip-term prints the traceback, then,
   * in debug mode, waits at a debugger prompt that its spinner overwrites) or a time-out, fails
   * at once with the screen and the logs.
   */
  async waitForScreen(what: string, check: (screen: string) => boolean, timeoutMs = 20_000): Promise<string> {
    if (this.crash)
      throw new Error(`zulip-term: waited for ${what}, but it had crashed before: ${this.crash} (the screen is in the first failure)`);
    const screen = await this.tmux.waitForScreen(what, (text) => check(text) || this.crashed(text), {
      timeoutMs,
      diagnosis: () => this.logs(),
    });
    if (check(screen)) return screen;
    this.crash = lastTracebackLine(screen);
    throw new Error(`zulip-term: waited for ${what}, and it crashed. The screen:\n${frame(screen)}\n${this.logs()}`);
  }

  private crashed(screen: string): boolean {
    return screen.includes('Traceback (most recent call last)') || screen.includes('Zulip Terminal has crashed');
  }

  /** The ends of its traceback log and of its API call log. */
  logs(): string {
    return [
      `--- ${path.join(this.dir, TRACEBACKS_LOG)} ---\n${tail(path.join(this.dir, TRACEBACKS_LOG), 60)}`,
      `--- ${path.join(this.dir, API_LOG)} (last lines) ---\n${tail(path.join(this.dir, API_LOG), 15)}`,
    ].join('\n');
  }

  stop(): Promise<void> {
    return this.tmux.stop();
  }
}

/** The exception a traceback on the screen ends with, e.g. "KeyError: 'x'". */
const lastTracebackLine = (screen: string): string =>
  screen
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[A-Za-z_.]*(Error|Exception)\b/.test(line))
    .pop() ?? 'see its screen';

function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(none)';
  }
}
