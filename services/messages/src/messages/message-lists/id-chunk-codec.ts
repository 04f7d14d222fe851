import { mongo } from 'mongoose';
import type { ChunkRef, TagTable } from './message-list';

/**
 * How a chunk's ids are stored: one binary value of little-endian unsigned 32-bit integers
 * instead of an array. The local store (FerretDB) converts every array element on each read and
 * write, which made a chunk of 500 ids cost ~6 ms to read and ~8 ms to write under load against
 * ~1.3 ms and ~2 ms as binary; appending a message rewrites one chunk of each of its lists.
 * Message ids are positive and below 2^32 (Zulip's are 32-bit too).
 */
export function encodeIds(ids: readonly number[]): mongo.Binary {
  const bytes = Buffer.allocUnsafe(ids.length * 4);
  ids.forEach((id, i) => bytes.writeUInt32LE(id, i * 4));
  return new mongo.Binary(bytes);
}

export function decodeIds(stored: mongo.Binary): number[] {
  const bytes = Buffer.from(stored.buffer.buffer, stored.buffer.byteOffset, stored.buffer.byteLength);
  const ids = new Array<number>(bytes.length / 4);
  for (let i = 0; i < ids.length; i++) ids[i] = bytes.readUInt32LE(i * 4);
  return ids;
}

/** Four little-endian unsigned 32-bit integers per reference: `no`, `firstId`, `lastId`, `count`. */
const REF_BYTES = 16;

/**
 * How a list head's chunk references are stored: one binary value, for the reason chunks are
 * (a head of 100,000 ids holds 100 references, 400 numbers the store would convert one by one;
 * sending or deleting messages rewrites the head of each of their lists).
 */
export function encodeChunkRefs(refs: readonly ChunkRef[]): mongo.Binary {
  const bytes = Buffer.allocUnsafe(refs.length * REF_BYTES);
  refs.forEach((ref, i) => {
    bytes.writeUInt32LE(ref.no, i * REF_BYTES);
    bytes.writeUInt32LE(ref.firstId, i * REF_BYTES + 4);
    bytes.writeUInt32LE(ref.lastId, i * REF_BYTES + 8);
    bytes.writeUInt32LE(ref.count, i * REF_BYTES + 12);
  });
  return new mongo.Binary(bytes);
}

export function decodeChunkRefs(stored: mongo.Binary): ChunkRef[] {
  const bytes = Buffer.from(stored.buffer.buffer, stored.buffer.byteOffset, stored.buffer.byteLength);
  const refs = new Array<ChunkRef>(bytes.length / REF_BYTES);
  for (let i = 0; i < refs.length; i++) {
    const at = i * REF_BYTES;
    refs[i] = {
      no: bytes.readUInt32LE(at),
      firstId: bytes.readUInt32LE(at + 4),
      lastId: bytes.readUInt32LE(at + 8),
      count: bytes.readUInt32LE(at + 12),
    };
  }
  return refs;
}

/**
 * How a tagged chunk's tags are stored: each distinct tag once (`tagTable`, separated by NUL,
 * which no tag holds: Zulip refuses it in topics), and per id the index of its tag in the table
 * (`tagIndex`, little-endian unsigned 16-bit integers). One sender's messages in one topic share
 * a tag, so a chunk of 1,000 ids holds a few dozen; stored whole (one NUL-separated text per
 * id), the 50 chunks of 50,000 messages took the local store 44 ms to read against 12 ms for ids
 * alone.
 */
export interface StoredTags {
  tagTable: string;
  tagIndex: mongo.Binary;
}

/** The most distinct tags one chunk can index (far above the ids a chunk holds). */
const MAX_TAGS = 0xffff;

export function encodeTags(tags: readonly string[]): StoredTags {
  const table: string[] = [];
  const indexOf = new Map<string, number>();
  const index = Buffer.allocUnsafe(tags.length * 2);
  tags.forEach((tag, i) => {
    let n = indexOf.get(tag);
    if (n === undefined) {
      n = table.length;
      if (n > MAX_TAGS) throw new Error(`a chunk cannot hold more than ${MAX_TAGS + 1} distinct tags`);
      indexOf.set(tag, n);
      table.push(tag);
    }
    index.writeUInt16LE(n, i * 2);
  });
  return { tagTable: table.join('\u0000'), tagIndex: new mongo.Binary(index) };
}

/**
 * The tag of each id, from either stored form: the table, or one text of every tag (chunks
 * written before the table, read until they are next written). Ids of one tag share its string.
 */
export function decodeTags(stored: StoredTags | string): string[] {
  if (typeof stored === 'string') return stored === '' ? [''] : stored.split('\u0000');
  return tagsOf(decodeTagTable(stored));
}

/** The tag of each id of a tag table. */
export const tagsOf = ({ strings, at }: TagTable): string[] => Array.from(at, (n) => strings[n]!);

/** The table of a chunk's tags as stored (see `Chunk.tagTable`). */
export function decodeTagTable(stored: StoredTags): TagTable {
  const bytes = Buffer.from(stored.tagIndex.buffer.buffer, stored.tagIndex.buffer.byteOffset, stored.tagIndex.buffer.byteLength);
  const at = new Uint16Array(bytes.length / 2);
  for (let i = 0; i < at.length; i++) at[i] = bytes.readUInt16LE(i * 2);
  return { strings: stored.tagTable.split('\u0000'), at };
}
