/**
 * The Python clients the e2e tests drive: a virtual environment with the `zulip` API package and
 * zulip-terminal (python-clients.requirements.txt, every version pinned), built once per machine
 * into <cache>/python-clients-<versions>-<hash of the requirements>/venv with Python 3.10
 * (zulip-term 0.7.0 refuses 3.11 and later), and tmux, in which the tests run zulip-terminal.
 * A marker written last tells a complete environment from one that was interrupted (redone).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { onPath } from './config';
import { withLock } from './lock';
import { cacheDir } from './paths';
import { ensureSystemCommand } from './provision-system';
import { run, withHeartbeat, type Say } from './util';

const LABEL = 'python-clients';
const REQUIREMENTS = path.join(__dirname, 'python-clients.requirements.txt');

export interface PythonClients {
  /** The environment's interpreter, with `zulip` importable. */
  python: string;
  /** zulip-terminal's entry point. */
  zulipTerm: string;
  versions: { python: string; zulip: string; zulipTerm: string };
}

interface Marker {
  basePython: string;
  versions: PythonClients['versions'];
}

/** `name==version` lines of a requirements file, by lower-case name. */
export function pinnedVersions(requirements: string): Map<string, string> {
  const pins = new Map<string, string>();
  for (const line of requirements.split('\n')) {
    const pin = /^\s*([A-Za-z0-9._-]+)==(\S+)\s*$/.exec(line);
    if (pin) pins.set(pin[1]!.toLowerCase(), pin[2]!);
  }
  return pins;
}

function cacheKey(requirements: string): string {
  const pins = pinnedVersions(requirements);
  const hash = createHash('sha256').update(requirements).digest('hex').slice(0, 8);
  return `python-clients-zulip-${pins.get('zulip')}-zulip-term-${pins.get('zulip-term')}-${hash}`;
}

export const pythonClientsHome = (): string => path.join(cacheDir(), cacheKey(fs.readFileSync(REQUIREMENTS, 'utf8')));
const venvDir = (home: string): string => path.join(home, 'venv');
const markerFile = (home: string): string => path.join(home, '.complete');

function clientsOf(home: string, marker: Marker): PythonClients {
  const bin = path.join(venvDir(home), 'bin');
  return { python: path.join(bin, 'python'), zulipTerm: path.join(bin, 'zulip-term'), versions: marker.versions };
}

/** The environment when it is complete and its base interpreter (which the venv links to) is still there. */
function cached(home: string): PythonClients | undefined {
  try {
    const marker = JSON.parse(fs.readFileSync(markerFile(home), 'utf8')) as Marker;
    return fs.existsSync(marker.basePython) ? clientsOf(home, marker) : undefined;
  } catch {
    return undefined;
  }
}

/** Makes sure tmux and the clients' environment are there. */
export async function ensurePythonClients(say: Say): Promise<PythonClients> {
  await ensureSystemCommand(LABEL, 'tmux', 'tmux', say);
  const home = pythonClientsHome();
  const ready = cached(home);
  if (ready) {
    say(`${LABEL}: cached (${venvDir(home)})`);
    return ready;
  }
  return withLock(path.join(cacheDir(), `.lock-${path.basename(home)}`), say, LABEL, async () => {
    const other = cached(home);
    if (other) {
      say(`${LABEL}: cached (made by another run)`);
      return other;
    }
    const basePython = findPython310();
    const started = Date.now();
    say(`${LABEL}: installing zulip and zulip-term from PyPI into ${venvDir(home)} with ${basePython} (first run, ~20 s)…`);
    const logPath = path.join(home, 'install.log');
    const marker = await withHeartbeat(
      say,
      `${LABEL}: installing`,
      () => install(home, basePython, logPath),
      () => installProgress(logPath),
    );
    say(
      `${LABEL}: installed zulip ${marker.versions.zulip}, zulip-term ${marker.versions.zulipTerm} on Python ${marker.versions.python} in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return clientsOf(home, marker);
  });
}

async function install(home: string, basePython: string, logPath: string): Promise<Marker> {
  fs.rmSync(home, { recursive: true, force: true });
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(logPath, `# ${new Date().toISOString()} ${basePython}\n`);
  // The user's site-packages and a PYTHONPATH would leak other packages into the environment.
  const env = { ...process.env, PYTHONNOUSERSITE: '1', PYTHONPATH: '', PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1' };
  await run(basePython, ['-m', 'venv', venvDir(home)], { env, logPath });
  const python = path.join(venvDir(home), 'bin', 'python');
  await run(python, ['-m', 'pip', 'install', '--progress-bar', 'off', '-r', REQUIREMENTS], { env, logPath });
  const probe =
    'import json, platform, importlib.metadata as m; print(json.dumps([platform.python_version(), m.version("zulip"), m.version("zulip-term")]))';
  const [pythonVersion, zulip, zulipTerm] = JSON.parse(await run(python, ['-c', probe], { env })) as string[];
  const marker: Marker = { basePython, versions: { python: pythonVersion!, zulip: zulip!, zulipTerm: zulipTerm! } };
  fs.writeFileSync(markerFile(home), `${JSON.stringify(marker)}\n`);
  return marker;
}

/** How far pip got, from its log: it prints "Collecting <name>" for each package it fetches. */
export function installProgress(logPath: string): string | undefined {
  let log: string;
  try {
    log = fs.readFileSync(logPath, 'utf8');
  } catch {
    return undefined;
  }
  if (log.includes('Installing collected packages')) return 'installing the packages';
  const total = pinnedVersions(fs.readFileSync(REQUIREMENTS, 'utf8')).size;
  const collected = log.split('\n').filter((line) => line.startsWith('Collecting ')).length;
  return collected > 0 ? `${collected} of ${total} packages fetched` : undefined;
}

const PYTHON_310 = /^3\.10\.(\d+)$/;

/** The newest 3.10.N among pyenv's version folders (3.10.9 < 3.10.13; no -dev builds). */
export function newestPython310(versionNames: string[]): string | undefined {
  const patch = (name: string): number => Number(PYTHON_310.exec(name)![1]);
  return versionNames.filter((name) => PYTHON_310.test(name)).sort((a, b) => patch(b) - patch(a))[0];
}

/**
 * A Python 3.10 interpreter: ZULIP_PYTHON310 when set, else pyenv's newest 3.10.N, else a
 * python3.10 on PATH. Without any, it says how to get one (pyenv fetches Python's source from
 * python.org, which a machine that reaches only package registries cannot).
 */
export function findPython310(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.ZULIP_PYTHON310;
  if (chosen) {
    if (!fs.existsSync(chosen)) throw new Error(`${LABEL}: ZULIP_PYTHON310 is ${chosen}, which does not exist`);
    return chosen;
  }
  const pyenvRoot = env.PYENV_ROOT || path.join(os.homedir(), '.pyenv');
  const versions = path.join(pyenvRoot, 'versions');
  const newest = fs.existsSync(versions) ? newestPython310(fs.readdirSync(versions)) : undefined;
  const fromPyenv = newest && path.join(versions, newest, 'bin', 'python3.10');
  if (fromPyenv && fs.existsSync(fromPyenv)) return fromPyenv;
  const onPathPython = pythonOnPath();
  if (onPathPython) return onPathPython;
  throw new Error(
    `${LABEL}: zulip-term 0.7.0 needs Python 3.10 (it refuses 3.11 and later), and none was found ` +
      `(looked for ${versions}/3.10.*/bin/python3.10 and python3.10 on PATH). ` +
      `Install it with \`pyenv install 3.10\`${onPath('pyenv') ? '' : ' (after installing pyenv)'} or your system's package manager, ` +
      'or set ZULIP_PYTHON310 to a python3.10 binary; then run the tests again.',
  );
}

/** The interpreter behind a python3.10 on PATH (a pyenv shim answers only when a version provides it). */
function pythonOnPath(): string | undefined {
  if (!onPath('python3.10')) return undefined;
  try {
    return (
      execFileSync('python3.10', ['-c', 'import sys, venv; print(sys.executable)'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}
