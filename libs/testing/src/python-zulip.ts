import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pythonClients, writeZuliprc } from './python-clients';
import type { Credentials } from './zulip-client';

export interface PythonZulipOptions {
  /** Given to the body as `args`, through JSON. */
  args?: unknown;
  /** Default 30 s; the process is killed (by its pid) past it. */
  timeoutMs?: number;
}

/**
 * Runs `body` as the body of `def main(client, args)` with the Python `zulip` package, where
 * `client` is a `zulip.Client` made as a script makes it, from a zuliprc of `credentials` on the
 * system under test, and resolves to what `body` returns (through JSON). An exception, an exit
 * or no answer in time rejects with the process's stderr and the numbered program; its folder
 * (zuliprc, program, arguments) is kept then, and named.
 *
 * ```ts
 * const profile = await runPythonZulip<{ user_id: number }>(user, 'return client.get_profile()');
 * ```
 */
export async function runPythonZulip<T>(credentials: Credentials, body: string, options: PythonZulipOptions = {}): Promise<T> {
  const { python } = pythonClients();
  const zuliprc = writeZuliprc(credentials, 'python-zulip');
  const dir = path.dirname(zuliprc);
  const program = path.join(dir, 'program.py');
  const argsFile = path.join(dir, 'args.json');
  const resultFile = path.join(dir, 'result.json');
  const source = pythonProgram(body);
  writeFileSync(program, source);
  writeFileSync(argsFile, JSON.stringify(options.args ?? null));
  const run = await runProcess(python, [program, zuliprc, argsFile, resultFile], options.timeoutMs ?? 30_000);
  if (run.failure) {
    throw new Error(
      `Python zulip client: ${run.failure} (files in ${dir})\n--- stderr ---\n${run.stderr.trimEnd()}` +
        `${run.stdout.trim() ? `\n--- stdout ---\n${run.stdout.trimEnd()}` : ''}\n--- program ---\n${numbered(source)}`,
    );
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8')) as T;
  rmSync(dir, { recursive: true, force: true });
  return result;
}

/** The whole program: the client from the zuliprc, `body` as `main`, its result written as JSON. */
export function pythonProgram(body: string): string {
  return [
    'import json, sys',
    'import zulip',
    '',
    'def main(client, args):',
    indent(dedent(body), '    '),
    '',
    'zuliprc, args_file, result_file = sys.argv[1:4]',
    'with open(args_file) as f:',
    '    args = json.load(f)',
    'client = zulip.Client(config_file=zuliprc, client="zulip-es-tests")',
    'result = main(client, args)',
    'with open(result_file, "w") as f:',
    '    json.dump(result, f)',
    '',
  ].join('\n');
}

/** Removes the indentation every non-blank line shares, and blank lines around the text. */
export function dedent(text: string): string {
  const lines = text
    .replace(/^\s*\n/, '')
    .trimEnd()
    .split('\n');
  const widths = lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length);
  const common = widths.length ? Math.min(...widths) : 0;
  return lines.map((line) => line.slice(common)).join('\n');
}

const indent = (text: string, by: string): string =>
  text
    .split('\n')
    .map((line) => (line.trim() ? by + line : line))
    .join('\n');
const numbered = (text: string): string =>
  text
    .split('\n')
    .map((line, i) => `${String(i + 1).padStart(3)}  ${line}`)
    .join('\n');

interface ProcessRun {
  stdout: string;
  stderr: string;
  /** Why it failed, or undefined when it exited with 0. */
  failure?: string;
}

/** Output kept per stream: a traceback's end is what tells. */
const KEEP_CHARS = 64_000;

function runProcess(command: string, args: string[], timeoutMs: number): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONNOUSERSITE: '1', PYTHONUNBUFFERED: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-KEEP_CHARS)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-KEEP_CHARS)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, failure: `${command} could not start: ${error.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const failure = timedOut
        ? `no answer within ${timeoutMs} ms (killed)`
        : code === 0
          ? undefined
          : `exited with ${signal ?? `code ${code}`}`;
      resolve({ stdout, stderr, failure });
    });
  });
}
