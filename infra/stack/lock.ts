/**
 * A cross-process lock made of a directory (mkdir is atomic), so two `stack:up` runs at once do
 * not build or download the same thing twice. A lock whose owner process is gone is taken over.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isAlive } from './processes';
import { HEARTBEAT_MS, sleep, type Say } from './util';

export async function withLock<T>(lockDir: string, say: Say, what: string, body: () => Promise<T>, timeoutMs = 30 * 60_000): Promise<T> {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  const ownerFile = path.join(lockDir, 'owner');
  const began = Date.now();
  const deadline = began + timeoutMs;
  let announced = false;
  let lastSaid = began;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readOrEmpty(ownerFile));
    if (owner && !isAlive(owner)) {
      fs.rmSync(lockDir, { recursive: true, force: true }); // its owner died mid-way
      continue;
    }
    if (!owner && ageMs(lockDir) > 10_000) {
      fs.rmSync(lockDir, { recursive: true, force: true }); // created but never claimed
      continue;
    }
    if (!announced) {
      say(`${what}: waiting for another run (pid ${owner || '?'}) that holds ${lockDir}…`);
      announced = true;
    } else if (Date.now() - lastSaid >= HEARTBEAT_MS) {
      say(`${what}: still waiting for pid ${owner || '?'}… ${Math.round((Date.now() - began) / 1000)} s`);
      lastSaid = Date.now();
    }
    if (Date.now() > deadline) throw new Error(`${what}: gave up waiting for the lock ${lockDir}`);
    await sleep(1000);
  }
  try {
    return await body();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
