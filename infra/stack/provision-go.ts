/**
 * Builds a Go program from its module, once per machine, into <cache>/<key>/bin/<name>.
 *
 * `go install module/cmd@version` would be the obvious way, but it is not usable here: it asks the
 * module proxy for the module's version list (to warn about deprecation) and some proxies refuse
 * that request, and FerretDB refuses to start when built as its own main module without a
 * build/version/version.txt (its release tooling generates it). So: `go mod download` the exact
 * version (checked against the checksum database as usual), copy the source when it needs a
 * patch, and `go build` it with the module's own go.sum.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { withLock } from './lock';
import { cacheDir } from './paths';
import { onPath } from './config';
import { run, withHeartbeat, type Say } from './util';

export interface GoProgram {
  /** Part name for messages, e.g. "ferretdb". */
  label: string;
  module: string;
  version: string;
  /** Package to build, relative to the module root, e.g. "./cmd/ferretdb". */
  pkg: string;
  binary: string;
  /** Directory under the cache, keyed by version, e.g. "ferretdb-1.24.2". */
  cacheKey: string;
  ldflags?: string;
  /** Patches a writable copy of the module source before the build. */
  patchSource?: (dir: string) => void;
  /** Shown while building, e.g. "~3 min". */
  estimate: string;
}

export const goBinaryPath = (program: GoProgram): string => path.join(cacheDir(), program.cacheKey, 'bin', program.binary);

export async function ensureGoBinary(program: GoProgram, say: Say): Promise<string> {
  const target = goBinaryPath(program);
  if (isExecutable(target)) {
    say(`${program.label}: cached (${target})`);
    return target;
  }
  const lockDir = path.join(cacheDir(), `.lock-${program.cacheKey}`);
  return withLock(lockDir, say, program.label, async () => {
    if (isExecutable(target)) {
      say(`${program.label}: cached (built by another run)`);
      return target;
    }
    if (!onPath('go')) {
      throw new Error(
        `${program.label}: building it needs the Go toolchain (go >= 1.24) on PATH; none found. ` +
          `Install Go, or put a prebuilt ${program.binary} at ${target}.`,
      );
    }
    const started = Date.now();
    say(`${program.label}: building ${program.module}@${program.version} (first run, ${program.estimate})…`);
    await withHeartbeat(
      say,
      `${program.label}: building`,
      () => build(program, target),
      () => buildProgress(buildLog(program)),
    );
    say(`${program.label}: built in ${Math.round((Date.now() - started) / 1000)} s`);
    return target;
  });
}

const buildLog = (program: GoProgram): string => path.join(cacheDir(), program.cacheKey, 'build.log');

/**
 * How far a build got, from its log: `go build -v` names each package as it compiles it, after
 * the `go: downloading` lines of the modules it fetches first.
 */
export function buildProgress(logPath: string): string | undefined {
  let lines: string[];
  try {
    lines = fs
      .readFileSync(logPath, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
  } catch {
    return undefined;
  }
  const downloaded = lines.filter((line) => line.startsWith('go: downloading ')).length;
  const compiled = lines.filter((line) => !line.startsWith('go: ')).length;
  return compiled > 0 ? `${compiled} packages compiled` : downloaded > 0 ? `${downloaded} modules downloaded` : undefined;
}

async function build(program: GoProgram, target: string): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const logPath = buildLog(program);
  fs.writeFileSync(logPath, `# ${new Date().toISOString()} ${program.module}@${program.version}\n`);
  const env = {
    ...process.env,
    CGO_ENABLED: '0',
    GOFLAGS: '-buildvcs=false -mod=readonly',
  };

  const downloaded = await run('go', ['mod', 'download', '-json', `${program.module}@${program.version}`], { env });
  const moduleDir = (JSON.parse(downloaded) as { Dir?: string }).Dir;
  if (!moduleDir) throw new Error(`${program.label}: go mod download did not report a source directory:\n${downloaded}`);

  let srcDir = moduleDir;
  let scratch: string | undefined;
  if (program.patchSource) {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), `${program.cacheKey}-src-`));
    srcDir = path.join(scratch, 'src');
    fs.cpSync(moduleDir, srcDir, { recursive: true });
    makeWritable(srcDir); // the module cache is read-only
    program.patchSource(srcDir);
  }

  const partial = `${target}.partial-${process.pid}`;
  const args = ['build', '-v', '-trimpath', '-o', partial];
  if (program.ldflags) args.push(`-ldflags=${program.ldflags}`);
  args.push(program.pkg);
  try {
    await run('go', args, { cwd: srcDir, env, logPath });
    fs.renameSync(partial, target); // atomic: a binary at `target` is always complete
  } finally {
    fs.rmSync(partial, { force: true });
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function makeWritable(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(full);
    else fs.chmodSync(full, 0o644);
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
