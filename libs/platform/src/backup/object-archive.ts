import { createReadStream, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../object-store/object-store';

interface ArchivedObject {
  key: string;
  size: number;
  contentType: string;
}

/** A key as a path under `root`; refused if it would leave it (keys are the services' own, never `..`). */
function fileOf(root: string, key: string): string {
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) throw new Error(`object key ${JSON.stringify(key)} does not name a file under the archive`);
  return file;
}

/** Copies every object of the bucket to `<dir>/objects/<key>`, with a list of their sizes and content types. */
export async function archiveObjects(store: ObjectStore, dir: string): Promise<{ objects: number; bytes: number }> {
  const root = path.resolve(dir, 'objects');
  mkdirSync(root, { recursive: true });
  const listed: ArchivedObject[] = [];
  for await (const { key } of store.list()) {
    const stat = await store.stat(key);
    if (!stat) continue; // deleted since it was listed
    const file = fileOf(root, key);
    mkdirSync(path.dirname(file), { recursive: true });
    await pipeline(await store.read(key), createWriteStream(file));
    listed.push({ key, size: stat.size, contentType: stat.contentType });
  }
  writeFileSync(path.join(dir, 'objects.ndjson'), listed.map((o) => `${JSON.stringify(o)}\n`).join(''));
  return { objects: listed.length, bytes: listed.reduce((sum, o) => sum + o.size, 0) };
}

/** Puts the archived objects back; one already there with the same size is left as it is. */
export async function restoreObjects(store: ObjectStore, dir: string): Promise<{ objects: number; skipped: number }> {
  const root = path.resolve(dir, 'objects');
  const listed = readFileSync(path.join(dir, 'objects.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ArchivedObject);
  let skipped = 0;
  for (const { key, size, contentType } of listed) {
    if ((await store.stat(key))?.size === size) {
      skipped++;
      continue;
    }
    await store.put(key, createReadStream(fileOf(root, key)), contentType);
  }
  return { objects: listed.length - skipped, skipped };
}
