/**
 * Ordered lists of message ids (a topic, a channel, a direct conversation), stored in chunks so
 * that a list of 100,000 ids is never rewritten whole: a head document lists the chunks
 * `{no, firstId, lastId, count}` in id order, each chunk document holds up to `MAX_CHUNK` sorted
 * ids. A tagged list also keeps a short text per id (a channel's list: each message's sender and
 * topic), so that reading what a range of a channel holds needs no message document. Appending rewrites the last chunk only (a full one starts a new chunk); reading around
 * an anchor reads only the chunks it walks through; removing ids rewrites only their chunks.
 *
 * Every operation is idempotent and safe to repeat after a crash at any point: chunk documents
 * are written before the head, their content is a function of the ids (set union or
 * difference), the head's entries are recomputed from the chunks written, and a chunk that has
 * to split gets NEW numbers (from the head's `nextNo`, so a repeat picks the same ones) and the
 * old one is dropped only after the head stops naming it.
 *
 * In a store that seals chunks (`ListStore.sealsChunks`), only the newest chunk (number
 * `nextNo - 1`), where appends land, is rewritten in place: any other chunk that changes (a
 * message moved in, deleted or retagged) is written under a new number the same way, and an
 * emptied list keeps its head (no chunks, its `nextNo`), so that no number is used twice. A chunk
 * numbered below `nextNo - 1` then never changes, and readers may keep it (`sealed-chunk-cache.ts`).
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

/** One chunk's ids, ascending, and in a tagged list the tag of each id (at the same index). */
export interface Chunk {
  ids: number[];
  tags?: string[];
  /**
   * As read from a store that keeps each distinct tag once: the distinct tags, and the number of
   * each id's tag among them (a reader can then tell tags apart without comparing texts).
   */
  tagTable?: TagTable;
}

export interface TagTable {
  strings: readonly string[];
  at: Uint16Array;
}

/** One id of a tagged list with its tag. */
export interface TaggedId {
  id: number;
  tag: string;
}

/** What reading a list needs. */
export interface ListReader {
  head(key: string): Promise<ListHead | null>;
  chunk(key: string, no: number): Promise<Chunk>;
  /** Several chunks of one list in one read, in the order of `nos` (a store without it is read chunk by chunk). */
  chunksOf?(key: string, nos: readonly number[]): Promise<Chunk[]>;
}

/** Chunks read together: reading a long list a chunk at a time cost a store round trip per 1,000 ids. */
const CHUNKS_PER_READ = 64;

/** The chunks `nos` of a list, in that order, CHUNKS_PER_READ per read. */
async function readChunks(store: ListReader, key: string, nos: readonly number[]): Promise<Chunk[]> {
  if (!store.chunksOf) return Promise.all(nos.map((no) => store.chunk(key, no)));
  const out: Chunk[] = [];
  for (let i = 0; i < nos.length; i += CHUNKS_PER_READ) out.push(...(await store.chunksOf(key, nos.slice(i, i + CHUNKS_PER_READ))));
  return out;
}

/** Where lists live: by `_id` only (see `MessagesRepository.lists`); an in-memory one serves unit tests. */
export interface ListStore extends ListReader {
  /** Its chunks below the newest are sealed (see the top of this file). */
  readonly sealsChunks?: boolean;
  putHead(key: string, head: ListHead): Promise<void>;
  putChunk(key: string, no: number, chunk: Chunk): Promise<void>;
  deleteChunk(key: string, no: number): Promise<void>;
  deleteHead(key: string): Promise<void>;
}

const EMPTY: ListHead = { chunks: [], nextNo: 1 };

const sortedUnique = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** The tag of every id of a chunk ('' where a chunk of a tagged list has none). */
const tagsOf = ({ ids, tags }: Chunk): string[] => (tags?.length === ids.length ? tags : ids.map((_, i) => tags?.[i] ?? ''));

/**
 * Copies for stores that keep what they are given or hand out what they keep (structuredClone
 * cost tens of microseconds a chunk, more than the list operation itself). Ids and tags are
 * primitives, so copying the arrays copies the chunk.
 */
export const copyHead = ({ chunks, nextNo }: ListHead): ListHead => ({ chunks: chunks.map((ref) => ({ ...ref })), nextNo });

export const copyChunk = ({ ids, tags, tagTable }: Chunk): Chunk => ({
  ids: ids.slice(),
  ...(tags ? { tags: tags.slice() } : {}),
  ...(tagTable ? { tagTable: { strings: tagTable.strings.slice(), at: tagTable.at.slice() } } : {}),
});

const refOf = (no: number, { ids }: Chunk): ChunkRef => ({ no, firstId: ids[0], lastId: ids[ids.length - 1], count: ids.length });

/** The tag of each id of a tagged list is given when the id is added (and replaced when added again). */
export type TagOf = (id: number) => string;

/** How many of the ascending `ids` are below `anchor`. */
function countBelow(ids: readonly number[], anchor: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] < anchor) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

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

/**
 * A chunk and sorted new ids, together: appending (the usual case, ids only grow) needs no sort.
 * With `tagOf`, the new ids (and ids already there, retagged) carry its tags.
 */
function merge(current: Chunk, added: readonly number[], tagOf?: TagOf): Chunk {
  if (!tagOf) {
    const ids =
      current.ids.length === 0 || added[0] > current.ids[current.ids.length - 1]
        ? current.ids.concat(added)
        : sortedUnique([...current.ids, ...added]);
    return { ids };
  }
  if (current.ids.length === 0 || added[0] > current.ids[current.ids.length - 1])
    return { ids: current.ids.concat(added), tags: tagsOf(current).concat(added.map(tagOf)) };
  const tags = new Map<number, string>(current.ids.map((id, i) => [id, current.tags?.[i] ?? '']));
  for (const id of added) tags.set(id, tagOf(id));
  const ids = sortedUnique(tags.keys());
  return { ids, tags: ids.map((id) => tags.get(id)!) };
}

const sameChunk = (a: Chunk, b: Chunk): boolean =>
  a.ids.length === b.ids.length &&
  a.ids.every((id, i) => id === b.ids[i]) &&
  (a.tags ?? []).every((tag, i) => tag === b.tags?.[i]) &&
  (a.tags?.length ?? 0) === (b.tags?.length ?? 0);

function piecesOf({ ids, tags }: Chunk, maxChunk: number): Chunk[] {
  const pieces: Chunk[] = [];
  for (let i = 0; i < ids.length; i += maxChunk)
    pieces.push({ ids: ids.slice(i, i + maxChunk), ...(tags ? { tags: tags.slice(i, i + maxChunk) } : {}) });
  return pieces;
}

export interface AddOptions {
  /** Makes the list a tagged one: an id already present takes its new tag (a message moved to another topic of its channel is added again). */
  tagOf?: TagOf;
  /** The most ids a chunk holds, for lists whose chunks carry more than ids (see `topic-index`). */
  maxChunk?: number;
}

/** Adds ids (any order, duplicates are ignored). */
export async function addIds(
  store: ListStore,
  key: string,
  ids: readonly number[],
  { tagOf, maxChunk = MAX_CHUNK }: AddOptions = {},
): Promise<void> {
  const wanted = sortedUnique(ids);
  if (wanted.length === 0) return;
  const head = (await store.head(key)) ?? EMPTY;
  const chunks = [...head.chunks];
  let nextNo = head.nextNo;
  const last = chunks.at(-1);
  // Ids past a full last chunk start new chunks; every other id joins the chunk covering it.
  const fresh = last && last.count >= maxChunk ? wanted.filter((id) => id > last.lastId) : chunks.length === 0 ? wanted : [];
  const freshChunk: Chunk = { ids: fresh, ...(tagOf ? { tags: fresh.map(tagOf) } : {}) };
  const byChunk = new Map<number, number[]>();
  for (const id of wanted) {
    if (fresh.length > 0 && id >= fresh[0]) continue;
    const index = chunkIndexFor(chunks, id);
    const forChunk = byChunk.get(index);
    if (forChunk) forChunk.push(id);
    else byChunk.set(index, [id]);
  }
  const replaced = new Map<number, ChunkRef[]>();
  const dropped: number[] = [];
  for (const [index, added] of byChunk) {
    const ref = chunks[index];
    const current = await store.chunk(key, ref.no);
    const merged = merge(current, added, tagOf);
    if (sameChunk(merged, current)) {
      replaced.set(index, [refOf(ref.no, merged)]);
      continue;
    }
    if (merged.ids.length <= maxChunk && inPlace(store, head, ref.no)) {
      await store.putChunk(key, ref.no, merged);
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
  for (const piece of piecesOf(freshChunk, maxChunk)) {
    await store.putChunk(key, nextNo, piece);
    appended.push(refOf(nextNo++, piece));
  }
  const nextChunks = chunks.flatMap((ref, index) => replaced.get(index) ?? [ref]).concat(appended);
  await store.putHead(key, { chunks: nextChunks, nextNo });
  for (const no of dropped) await store.deleteChunk(key, no);
}

/** Removes ids (absent ones are ignored); a chunk left empty is dropped, an empty list entirely (where chunks are sealed, its head stays). */
export async function removeIds(store: ListStore, key: string, ids: readonly number[]): Promise<void> {
  const head = await store.head(key);
  if (!head || ids.length === 0 || head.chunks.length === 0) return;
  const byChunk = new Map<number, Set<number>>();
  for (const id of sortedUnique(ids)) {
    const index = chunkIndexFor(head.chunks, id);
    const ref = head.chunks[index];
    if (id < ref.firstId || id > ref.lastId) continue;
    byChunk.set(index, (byChunk.get(index) ?? new Set()).add(id));
  }
  const updated = new Map<number, ChunkRef | null>();
  let nextNo = head.nextNo;
  for (const [index, removed] of byChunk) {
    const ref = head.chunks[index];
    const current = await store.chunk(key, ref.no);
    const keep = current.ids.map((id) => !removed.has(id));
    const kept: Chunk = {
      ids: current.ids.filter((_, i) => keep[i]),
      ...(current.tags ? { tags: current.tags.filter((_, i) => keep[i]) } : {}),
    };
    if (kept.ids.length === current.ids.length) {
      if (current.ids.length > 0) updated.set(index, refOf(ref.no, current));
      continue;
    }
    // A sealed chunk keeps its content: what is left of it goes under a new number.
    const no = kept.ids.length === 0 || inPlace(store, head, ref.no) ? ref.no : nextNo++;
    if (kept.ids.length > 0) await store.putChunk(key, no, kept);
    updated.set(index, kept.ids.length > 0 ? refOf(no, kept) : null);
  }
  const chunks = head.chunks.flatMap((ref, index) => {
    const next = updated.has(index) ? updated.get(index) : ref;
    return next ? [next] : [];
  });
  if (chunks.length === 0 && !store.sealsChunks) await store.deleteHead(key);
  else await store.putHead(key, { chunks, nextNo });
  for (const [index, next] of updated) if (next?.no !== head.chunks[index].no) await store.deleteChunk(key, head.chunks[index].no);
}

/** Whether chunk `no` may be rewritten in place: any, unless the store seals all but the newest (see the top of this file). */
const inPlace = (store: ListStore, head: ListHead, no: number): boolean => !store.sealsChunks || no === head.nextNo - 1;

/** Keeps the acceptable ids of one chunk's slice (access checks, narrow filters reading messages). */
export type AcceptIds = (ids: number[]) => Promise<number[]> | number[];

const acceptAll: AcceptIds = (ids) => ids;

/**
 * Up to `limit` accepted ids below `anchor` (exclusive), newest first, reading chunk by chunk
 * from the anchor down.
 */
export async function idsBefore(
  store: ListReader,
  key: string,
  anchor: number,
  limit: number,
  accept: AcceptIds = acceptAll,
): Promise<number[]> {
  const head = await store.head(key);
  if (!head || limit <= 0 || head.chunks.length === 0) return [];
  const out: number[] = [];
  for (let index = chunkIndexFor(head.chunks, anchor - 1); index >= 0 && out.length < limit; index--) {
    const ref = head.chunks[index];
    if (ref.firstId >= anchor) continue;
    const { ids } = await store.chunk(key, ref.no);
    // Newest first, 200 at a time from the anchor down: most callers want one id (a topic's
    // newest), and a chunk holds a thousand.
    for (let end = countBelow(ids, anchor); end > 0 && out.length < limit; end -= 200) {
      const accepted = await accept(ids.slice(Math.max(0, end - 200), end).reverse());
      out.push(...accepted.slice(0, limit - out.length));
    }
  }
  return out;
}

/** Up to `limit` accepted ids at or above `anchor`, oldest first, reading chunk by chunk upwards. */
export async function idsFrom(
  store: ListReader,
  key: string,
  anchor: number,
  limit: number,
  accept: AcceptIds = acceptAll,
): Promise<number[]> {
  const head = await store.head(key);
  if (!head || limit <= 0 || head.chunks.length === 0) return [];
  const out: number[] = [];
  for (let index = chunkIndexFor(head.chunks, anchor); index < head.chunks.length && out.length < limit; index++) {
    const ref = head.chunks[index];
    if (ref.lastId < anchor) continue;
    const ids = (await store.chunk(key, ref.no)).ids.filter((id) => id >= anchor);
    for (let start = 0; start < ids.length && out.length < limit; start += 200) {
      const accepted = await accept(ids.slice(start, start + 200));
      out.push(...accepted.slice(0, limit - out.length));
    }
  }
  return out;
}

/** Called with each id of a tagged list that a read meets, its tag, and (when the chunk has one) its chunk's tag table and the tag's number in it. */
export type VisitTagged = (id: number, tag: string, table?: readonly string[], tagNo?: number) => void;

/**
 * The ids of a tagged list in `[from, to]` with their tags, newest first, at most `limit`: reads
 * only the chunks that range covers.
 */
export async function taggedIdsBetween(store: ListReader, key: string, from: number, to: number, limit: number): Promise<TaggedId[]> {
  const out: TaggedId[] = [];
  await visitTaggedBetween(store, key, from, to, limit, (id, tag) => out.push({ id, tag }));
  return out;
}

/**
 * `taggedIdsBetween` without an object per id: `visit` meets them newest first. A register reads
 * 50,000 entries this way, and objects that live across the reads' awaits cost more to collect
 * than to make. Answers how many it visited.
 */
export async function visitTaggedBetween(
  store: ListReader,
  key: string,
  from: number,
  to: number,
  limit: number,
  visit: VisitTagged,
): Promise<number> {
  const head = await store.head(key);
  if (!head || limit <= 0 || head.chunks.length === 0 || from > to) return 0;
  let visited = 0;
  let index = chunkIndexFor(head.chunks, to);
  while (index >= 0 && visited < limit) {
    // The chunks that may hold the ids still wanted, read together.
    const batch: number[] = [];
    for (let wanted = limit - visited; index >= 0 && wanted > 0 && batch.length < CHUNKS_PER_READ; index--) {
      const ref = head.chunks[index];
      if (ref.lastId < from) index = 0;
      else if (ref.firstId <= to) {
        batch.push(ref.no);
        wanted -= inRangeEstimate(ref, to);
      }
    }
    for (const { ids, tags, tagTable } of await readChunks(store, key, batch)) {
      for (let i = ids.length - 1; i >= 0 && visited < limit; i--) {
        if (ids[i] >= from && ids[i] <= to) {
          visit(ids[i], tags?.[i] ?? '', tagTable?.strings, tagTable?.at[i]);
          visited++;
        }
      }
    }
  }
  return visited;
}

/** How many of a chunk's ids are at most `to`, supposing them spread evenly (exact for a whole chunk). */
function inRangeEstimate(ref: ChunkRef, to: number): number {
  if (ref.lastId <= to) return ref.count;
  return Math.floor((ref.count * (to - ref.firstId + 1)) / (ref.lastId - ref.firstId + 1));
}

/**
 * Those of `ids` (ascending) that the list holds, with their tags: reads only the chunks whose
 * range holds one of them.
 */
export async function taggedIdsAmong(store: ListReader, key: string, ids: readonly number[]): Promise<TaggedId[]> {
  const out: TaggedId[] = [];
  await visitTaggedAmong(store, key, ids, (id, tag) => out.push({ id, tag }));
  return out;
}

/** `taggedIdsAmong` without an object per id (see `visitTaggedBetween`): `visit` meets them ascending. */
export async function visitTaggedAmong(store: ListReader, key: string, ids: ArrayLike<number>, visit: VisitTagged): Promise<void> {
  if (ids.length === 0) return;
  const head = await store.head(key);
  if (!head || head.chunks.length === 0) return;
  // Each chunk with the slice of `ids` within its range: both are sorted, so one walk finds them.
  const wanted: { no: number; start: number; end: number }[] = [];
  let at = 0;
  for (const ref of head.chunks) {
    while (at < ids.length && ids[at] < ref.firstId) at++;
    const start = at;
    while (at < ids.length && ids[at] <= ref.lastId) at++;
    if (at > start) wanted.push({ no: ref.no, start, end: at });
    if (at >= ids.length) break;
  }
  const chunks = await readChunks(
    store,
    key,
    wanted.map((w) => w.no),
  );
  wanted.forEach(({ start, end }, n) => {
    const { ids: held, tags, tagTable } = chunks[n];
    for (let i = 0, j = start; i < held.length && j < end;) {
      if (held[i] < ids[j]) i++;
      else if (held[i] > ids[j]) j++;
      else {
        visit(held[i], tags?.[i] ?? '', tagTable?.strings, tagTable?.at[i]);
        i++;
        j++;
      }
    }
  });
}

/** Every id of a list, ascending (for lists bounded in size: a user's starred messages). */
export async function allIds(store: ListReader, key: string): Promise<number[]> {
  const head = await store.head(key);
  if (!head) return [];
  const chunks = await readChunks(
    store,
    key,
    head.chunks.map((ref) => ref.no),
  );
  // One copy: flatMap took 10 ms over 50 chunks of 1,000 ids.
  return ([] as number[]).concat(...chunks.map((c) => c.ids));
}

/** Removes a list entirely, head (or, where chunks are sealed, its chunk references) then chunks. */
export async function deleteList(store: ListStore, key: string): Promise<void> {
  const head = await store.head(key);
  if (!head) return;
  if (store.sealsChunks) await store.putHead(key, { chunks: [], nextNo: head.nextNo });
  else await store.deleteHead(key);
  for (const ref of head.chunks) await store.deleteChunk(key, ref.no);
}

/** The lowest and highest id of a list and how many it holds, from its head alone. */
export async function listSummary(store: ListReader, key: string): Promise<{ firstId: number; lastId: number; count: number } | null> {
  const head = await store.head(key);
  if (!head || head.chunks.length === 0) return null;
  return { firstId: head.chunks[0].firstId, lastId: head.chunks.at(-1)!.lastId, count: head.chunks.reduce((n, c) => n + c.count, 0) };
}

/** A store in memory, for unit tests and for reasoning about the documents written. */
export class MemoryListStore implements ListStore {
  constructor(readonly sealsChunks = false) {}

  readonly heads = new Map<string, ListHead>();
  readonly chunks = new Map<string, Chunk>();
  writes = 0;
  /** Reads of several chunks at once, and the chunks they read. */
  readonly batchReads: number[][] = [];

  async head(key: string): Promise<ListHead | null> {
    const head = this.heads.get(key);
    return head ? copyHead(head) : null;
  }
  async putHead(key: string, head: ListHead): Promise<void> {
    this.writes++;
    this.heads.set(key, copyHead(head));
  }
  async chunk(key: string, no: number): Promise<Chunk> {
    return copyChunk(this.chunks.get(`${key}:${no}`) ?? { ids: [] });
  }
  async chunksOf(key: string, nos: readonly number[]): Promise<Chunk[]> {
    this.batchReads.push([...nos]);
    return Promise.all(nos.map((no) => this.chunk(key, no)));
  }
  async putChunk(key: string, no: number, chunk: Chunk): Promise<void> {
    this.writes++;
    this.chunks.set(`${key}:${no}`, copyChunk(chunk));
  }
  async deleteChunk(key: string, no: number): Promise<void> {
    this.chunks.delete(`${key}:${no}`);
  }
  async deleteHead(key: string): Promise<void> {
    this.heads.delete(key);
  }
}
