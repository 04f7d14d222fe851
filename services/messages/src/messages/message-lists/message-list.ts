/**
 * Ordered lists of message ids (a topic, a channel, a direct conversation), stored in chunks so
 * that a list of 100,000 ids is never rewritten whole: a head document lists the chunks
 * `{no, firstId, lastId, count}` in id order, each chunk document holds up to `MAX_CHUNK` sorted
 * ids. Appending rewrites the last chunk only (a full one starts a new chunk); reading around
 * an anchor reads only the chunks it walks through; removing ids rewrites only their chunks.
 *
 * Every operation is idempotent and safe to repeat after a crash at any point: chunk documents
 * are written before the head, their content is a function of the ids (set union or
 * difference), the head's entries are recomputed from the chunks written, and a chunk that has
 * to split gets NEW numbers (from the head's `nextNo`, so a repeat picks the same ones) and the
 * old one is dropped only after the head stops naming it.
 */

export const MAX_CHUNK = 1000;

export interface ChunkRef {
  no: number;
  firstId: number;
  lastId: number;
  count: number;
}

export interface ListHead {
  chunks: ChunkRef[];
  nextNo: number;
}

/** What reading a list needs. */
export interface ListReader {
  head(key: string): Promise<ListHead | null>;
  chunk(key: string, no: number): Promise<number[]>;
}

/** Where lists live: by `_id` only (see `MessagesRepository.lists`); an in-memory one serves unit tests. */
export interface ListStore extends ListReader {
  putHead(key: string, head: ListHead): Promise<void>;
  putChunk(key: string, no: number, ids: number[]): Promise<void>;
  deleteChunk(key: string, no: number): Promise<void>;
  deleteHead(key: string): Promise<void>;
}

const EMPTY: ListHead = { chunks: [], nextNo: 1 };

const sortedUnique = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

const refOf = (no: number, ids: number[]): ChunkRef => ({ no, firstId: ids[0], lastId: ids[ids.length - 1], count: ids.length });

/** The index of the chunk that holds (or would hold) `id`: the last one starting at or below it. */
function chunkIndexFor(chunks: readonly ChunkRef[], id: number): number {
  let lo = 0;
  let hi = chunks.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (chunks[mid].firstId <= id) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Sorted ids and sorted new ones, together: appending (the usual case, ids only grow) needs no sort. */
function merge(current: readonly number[], added: readonly number[]): number[] {
  if (current.length === 0 || added[0] > current[current.length - 1]) return current.concat(added);
  return sortedUnique([...current, ...added]);
}

function piecesOf(ids: number[], maxChunk: number): number[][] {
  const pieces: number[][] = [];
  for (let i = 0; i < ids.length; i += maxChunk) pieces.push(ids.slice(i, i + maxChunk));
  return pieces;
}

/**
 * Adds ids (any order, duplicates and ids already present are ignored). `maxChunk`: the most ids
 * a chunk holds, for lists whose chunks carry more than ids (see `topic-index`).
 */
export async function addIds(store: ListStore, key: string, ids: readonly number[], maxChunk = MAX_CHUNK): Promise<void> {
  const wanted = sortedUnique(ids);
  if (wanted.length === 0) return;
  const head = (await store.head(key)) ?? EMPTY;
  const chunks = [...head.chunks];
  let nextNo = head.nextNo;
  const last = chunks.at(-1);
  // Ids past a full last chunk start new chunks; every other id joins the chunk covering it.
  const fresh = last && last.count >= maxChunk ? wanted.filter((id) => id > last.lastId) : chunks.length === 0 ? wanted : [];
  const byChunk = new Map<number, number[]>();
  for (const id of wanted) {
    if (fresh.length > 0 && id >= fresh[0]) continue;
    const index = chunkIndexFor(chunks, id);
    byChunk.set(index, [...(byChunk.get(index) ?? []), id]);
  }
  const replaced = new Map<number, ChunkRef[]>();
  const dropped: number[] = [];
  for (const [index, added] of byChunk) {
    const ref = chunks[index];
    const current = await store.chunk(key, ref.no);
    const merged = merge(current, added);
    if (merged.length <= maxChunk) {
      if (merged.length !== current.length) await store.putChunk(key, ref.no, merged);
      replaced.set(index, [refOf(ref.no, merged)]);
      continue;
    }
    const refs: ChunkRef[] = [];
    for (const piece of piecesOf(merged, maxChunk)) {
      await store.putChunk(key, nextNo, piece);
      refs.push(refOf(nextNo++, piece));
    }
    replaced.set(index, refs);
    dropped.push(ref.no);
  }
  const appended: ChunkRef[] = [];
  for (const piece of piecesOf(fresh, maxChunk)) {
    await store.putChunk(key, nextNo, piece);
    appended.push(refOf(nextNo++, piece));
  }
  const nextChunks = chunks.flatMap((ref, index) => replaced.get(index) ?? [ref]).concat(appended);
  await store.putHead(key, { chunks: nextChunks, nextNo });
  for (const no of dropped) await store.deleteChunk(key, no);
}

/** Removes ids (absent ones are ignored); a chunk left empty is dropped, an empty list entirely. */
export async function removeIds(store: ListStore, key: string, ids: readonly number[]): Promise<void> {
  const head = await store.head(key);
  if (!head || ids.length === 0) return;
  const byChunk = new Map<number, Set<number>>();
  for (const id of sortedUnique(ids)) {
    const index = chunkIndexFor(head.chunks, id);
    const ref = head.chunks[index];
    if (id < ref.firstId || id > ref.lastId) continue;
    byChunk.set(index, (byChunk.get(index) ?? new Set()).add(id));
  }
  const updated = new Map<number, ChunkRef | null>();
  for (const [index, removed] of byChunk) {
    const ref = head.chunks[index];
    const current = await store.chunk(key, ref.no);
    const kept = current.filter((id) => !removed.has(id));
    if (kept.length === current.length) {
      if (current.length > 0) updated.set(index, refOf(ref.no, current));
      continue;
    }
    if (kept.length > 0) await store.putChunk(key, ref.no, kept);
    updated.set(index, kept.length > 0 ? refOf(ref.no, kept) : null);
  }
  const chunks = head.chunks.flatMap((ref, index) => {
    const next = updated.has(index) ? updated.get(index) : ref;
    return next ? [next] : [];
  });
  if (chunks.length === 0) await store.deleteHead(key);
  else await store.putHead(key, { chunks, nextNo: head.nextNo });
  for (const [index, next] of updated) if (next === null) await store.deleteChunk(key, head.chunks[index].no);
}

/** Keeps the acceptable ids of one chunk's slice (access checks, narrow filters reading messages). */
export type AcceptIds = (ids: number[]) => Promise<number[]> | number[];

const acceptAll: AcceptIds = (ids) => ids;

/**
 * Up to `limit` accepted ids below `anchor` (exclusive), newest first, reading chunk by chunk
 * from the anchor down.
 */
export async function idsBefore(store: ListReader, key: string, anchor: number, limit: number, accept: AcceptIds = acceptAll): Promise<number[]> {
  const head = await store.head(key);
  if (!head || limit <= 0 || head.chunks.length === 0) return [];
  const out: number[] = [];
  for (let index = chunkIndexFor(head.chunks, anchor - 1); index >= 0 && out.length < limit; index--) {
    const ref = head.chunks[index];
    if (ref.firstId >= anchor) continue;
    const ids = (await store.chunk(key, ref.no)).filter((id) => id < anchor).reverse();
    for (let start = 0; start < ids.length && out.length < limit; start += 200) {
      const accepted = await accept(ids.slice(start, start + 200));
      out.push(...accepted.slice(0, limit - out.length));
    }
  }
  return out;
}

/** Up to `limit` accepted ids at or above `anchor`, oldest first, reading chunk by chunk upwards. */
export async function idsFrom(store: ListReader, key: string, anchor: number, limit: number, accept: AcceptIds = acceptAll): Promise<number[]> {
  const head = await store.head(key);
  if (!head || limit <= 0 || head.chunks.length === 0) return [];
  const out: number[] = [];
  for (let index = chunkIndexFor(head.chunks, anchor); index < head.chunks.length && out.length < limit; index++) {
    const ref = head.chunks[index];
    if (ref.lastId < anchor) continue;
    const ids = (await store.chunk(key, ref.no)).filter((id) => id >= anchor);
    for (let start = 0; start < ids.length && out.length < limit; start += 200) {
      const accepted = await accept(ids.slice(start, start + 200));
      out.push(...accepted.slice(0, limit - out.length));
    }
  }
  return out;
}

/** The lowest and highest id of a list and how many it holds, from its head alone. */
export async function listSummary(store: ListReader, key: string): Promise<{ firstId: number; lastId: number; count: number } | null> {
  const head = await store.head(key);
  if (!head || head.chunks.length === 0) return null;
  return { firstId: head.chunks[0].firstId, lastId: head.chunks.at(-1)!.lastId, count: head.chunks.reduce((n, c) => n + c.count, 0) };
}

/** A store in memory, for unit tests and for reasoning about the documents written. */
export class MemoryListStore implements ListStore {
  readonly heads = new Map<string, ListHead>();
  readonly chunks = new Map<string, number[]>();
  writes = 0;

  async head(key: string): Promise<ListHead | null> {
    const head = this.heads.get(key);
    return head ? structuredClone(head) : null;
  }
  async putHead(key: string, head: ListHead): Promise<void> {
    this.writes++;
    this.heads.set(key, structuredClone(head));
  }
  async chunk(key: string, no: number): Promise<number[]> {
    return [...(this.chunks.get(`${key}:${no}`) ?? [])];
  }
  async putChunk(key: string, no: number, ids: number[]): Promise<void> {
    this.writes++;
    this.chunks.set(`${key}:${no}`, [...ids]);
  }
  async deleteChunk(key: string, no: number): Promise<void> {
    this.chunks.delete(`${key}:${no}`);
  }
  async deleteHead(key: string): Promise<void> {
    this.heads.delete(key);
  }
}
