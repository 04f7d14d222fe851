#!/usr/bin/env node
/**
 * Writes dist/zulip-emoji-names.json, Zulip's names of its Unicode emoji: code → [canonical name,
 * ...aliases], the mapping of Zulip's `tools/setup/emoji/emoji_names.py`. The data comes from
 * the PyPI package zulip-emoji-mapping (Apache-2.0), a packaged copy of that mapping: its wheel is
 * fetched once per machine into the cache (ZULIP_CACHE_DIR, default ~/.cache/zulip-es), checked
 * against its pinned hash, and read here without Python. Nothing is fetched at run time.
 *
 * Plain Node without dependencies, so the Docker build and a fresh clone run it the same way.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const WHEEL = {
  name: 'zulip_emoji_mapping-1.0.1-py3-none-any.whl',
  url: 'https://files.pythonhosted.org/packages/27/c0/0cec4cb13ce9d848a696ee8a16a142522e2a9c7de8dbbc14a964a56e4cd6/zulip_emoji_mapping-1.0.1-py3-none-any.whl',
  sha256: 'dc5f2d182e60f483e8e72286259e294e62f709e60016649f9c1efa953105e934',
  member: 'zulip_emoji_mapping/emoji_names.py',
  source: 'zulip-emoji-mapping 1.0.1',
};

const here = dirname(fileURLToPath(import.meta.url));
const target = join(here, 'dist', 'zulip-emoji-names.json');

function cacheDir() {
  if (process.env.ZULIP_CACHE_DIR) return process.env.ZULIP_CACHE_DIR;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'zulip-es');
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function wheelBytes() {
  const file = join(cacheDir(), 'pypi', WHEEL.name);
  if (existsSync(file)) {
    const cached = readFileSync(file);
    if (sha256(cached) === WHEEL.sha256) return cached;
  }
  const response = await fetch(WHEEL.url);
  if (!response.ok) throw new Error(`${WHEEL.url}: HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (sha256(bytes) !== WHEEL.sha256) throw new Error(`${WHEEL.name}: sha256 ${sha256(bytes)} is not the pinned ${WHEEL.sha256}`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.partial`, bytes);
  renameSync(`${file}.partial`, file);
  return bytes;
}

/** One member of a zip archive, found through its central directory. */
function unzipMember(zip, wanted) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === wanted) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressedSize);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${wanted}: compression method ${method}`);
    }
    at += 46 + skip;
  }
  throw new Error(`${wanted} is not in the archive`);
}

/**
 * The `EMOJI_NAME_MAPS = {...}` literal: dicts, lists and double-quoted strings (JSON's escapes),
 * with Python's trailing commas.
 */
function parseNameMaps(source) {
  const start = source.indexOf('{', source.indexOf('EMOJI_NAME_MAPS'));
  const tokens = source.slice(start).matchAll(/"(?:[^"\\]|\\.)*"|[{}[\]:,]|\s+|#[^\n]*|(.)/g);
  let current = tokens.next();
  const next = () => {
    while (!current.done && (/^\s/.test(current.value[0]) || current.value[0].startsWith('#'))) current = tokens.next();
    if (current.done) throw new Error('emoji_names.py ends early');
    if (current.value[1] !== undefined) throw new Error(`emoji_names.py: unexpected ${JSON.stringify(current.value[1])}`);
    const token = current.value[0];
    current = tokens.next();
    return token;
  };
  const value = (token) => {
    if (token.startsWith('"')) return JSON.parse(token);
    if (token === '[') {
      const list = [];
      for (let t = next(); t !== ']'; t = next()) {
        if (t === ',') continue;
        list.push(value(t));
      }
      return list;
    }
    if (token === '{') {
      const dict = {};
      for (let t = next(); t !== '}'; t = next()) {
        if (t === ',') continue;
        const key = value(t);
        if (next() !== ':') throw new Error(`emoji_names.py: no ':' after ${key}`);
        dict[key] = value(next());
      }
      return dict;
    }
    throw new Error(`emoji_names.py: unexpected ${token}`);
  };
  return value(next());
}

function codeToNames(maps) {
  const result = {};
  for (const [code, entry] of Object.entries(maps)) {
    const names = [entry.canonical_name, ...entry.aliases];
    if (!/^[0-9a-f]+(-[0-9a-f]+)*$/.test(code) || !names.every((n) => typeof n === 'string' && n !== '')) {
      throw new Error(`emoji_names.py: malformed entry ${code}`);
    }
    result[code] = names;
  }
  return result;
}

async function main() {
  if (existsSync(target)) {
    const built = JSON.parse(readFileSync(target, 'utf8'));
    if (built.source === WHEEL.source) return;
  }
  const source = unzipMember(await wheelBytes(), WHEEL.member).toString('utf8');
  const table = { source: WHEEL.source, codeToNames: codeToNames(parseNameMaps(source)) };
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(`${target}.partial`, JSON.stringify(table));
  renameSync(`${target}.partial`, target);
  console.log(`zulip-emoji: ${Object.keys(table.codeToNames).length} emoji from ${WHEEL.source}`);
}

main().catch((error) => {
  console.error(`zulip-emoji: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
