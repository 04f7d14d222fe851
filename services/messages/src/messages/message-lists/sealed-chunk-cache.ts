import type { Chunk, ListHead, ListStore } from './message-list';

/** Chunks kept at most (about 20 KB each when tagged): 50,000 unread messages span 50. */
const MAX_CHUNKS = 512;

/**
 * Keeps the sealed chunks of message lists as read, for every reader of this process: a chunk
 * numbered below its list's `nextNo - 1` never changes (see `message-list.ts`), so what was read
 * of it once is what the store holds for as long as the store holds it. A channel's chunks are
 * shared by every subscriber: a user with 50,000 unread messages registering read 50 chunks
 * from the store each time, 25 ms of the store's time.
 *
 * `nextNo` only grows, so the largest seen in any head read of a list tells which of its chunks
 * are sealed, whatever was written since. The newest chunk, and a chunk not found, are always
 * read from the store. The least recently read chunk goes first beyond MAX_CHUNKS. Cached
 * chunks are frozen: callers must not change what they read.
 *
 * Every writer must seal chunks: a messages service of a release before sealing rewrote older
 * chunks in place, so instances of that release and of this one must not run side by side.
 */
export class SealedChunkCache implements ListStore {
  readonly sealsChunks = true;
  private readonly chunks = new Map<string, Chunk>();
  private readonly nextNos = new Map<string, number>();

  constructor(
    private readonly store: ListStore,
    private readonly maxChunks = MAX_CHUNKS,
  ) {}

  async head(key: string): Promise<ListHead | null> {
    const head = await this.store.head(key);
    if (head && head.nextNo > (this.nextNos.get(key) ?? 0)) this.nextNos.set(key, head.nextNo);
    return head;
  }

  async chunk(key: string, no: number): Promise<Chunk> {
    return (await this.chunksOf(key, [no]))[0]!;
  }

  async chunksOf(key: string, nos: readonly number[]): Promise<Chunk[]> {
    const found = nos.map((no) => this.cached(key, no));
    const missing = nos.filter((_, i) => !found[i]);
    if (missing.length === 0) return found as Chunk[];
    const read = this.store.chunksOf
      ? await this.store.chunksOf(key, missing)
      : await Promise.all(missing.map((no) => this.store.chunk(key, no)));
    const byNo = new Map(missing.map((no, i) => [no, read[i]!]));
    return nos.map((no, i) => found[i] ?? this.keep(key, no, byNo.get(no)!));
  }

  putHead(key: string, head: ListHead): Promise<void> {
    return this.store.putHead(key, head);
  }

  putChunk(key: string, no: number, chunk: Chunk): Promise<void> {
    return this.store.putChunk(key, no, chunk);
  }

  async deleteChunk(key: string, no: number): Promise<void> {
    await this.store.deleteChunk(key, no);
    this.chunks.delete(chunkId(key, no));
  }

  /** Not called by the list operations, which keep an emptied list's head in a store that seals chunks. */
  async deleteHead(key: string): Promise<void> {
    await this.store.deleteHead(key);
    for (const id of this.chunks.keys()) if (id.startsWith(`${key}#`)) this.chunks.delete(id);
    this.nextNos.delete(key);
  }

  private cached(key: string, no: number): Chunk | undefined {
    const id = chunkId(key, no);
    const chunk = this.chunks.get(id);
    if (!chunk) return undefined;
    // Read again: it moves to the end, the most recently read.
    this.chunks.delete(id);
    this.chunks.set(id, chunk);
    return chunk;
  }

  private keep(key: string, no: number, chunk: Chunk): Chunk {
    if (chunk.ids.length === 0 || no >= (this.nextNos.get(key) ?? 0) - 1) return chunk;
    if (this.chunks.size >= this.maxChunks) this.chunks.delete(this.chunks.keys().next().value!);
    const frozen = freeze(chunk);
    this.chunks.set(chunkId(key, no), frozen);
    return frozen;
  }
}

const chunkId = (key: string, no: number): string => `${key}#${no}`;

function freeze(chunk: Chunk): Chunk {
  Object.freeze(chunk.ids);
  if (chunk.tags) Object.freeze(chunk.tags);
  return Object.freeze(chunk);
}
