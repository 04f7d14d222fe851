import { mongo } from 'mongoose';
import type { ChunkRef } from './message-list';

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
    refs[i] = { no: bytes.readUInt32LE(at), firstId: bytes.readUInt32LE(at + 4), lastId: bytes.readUInt32LE(at + 8), count: bytes.readUInt32LE(at + 12) };
  }
  return refs;
}

/**
 * A tagged chunk's tags as one text (a channel's list: `<sender id> <topic>` per id), separated by
 * NUL, which no tag holds (Zulip refuses it in topics): one value for the store to convert.
 */
export const encodeTags = (tags: readonly string[]): string => tags.join('\u0000');

export const decodeTags = (stored: string): string[] => (stored === '' ? [''] : stored.split('\u0000'));
