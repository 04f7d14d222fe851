import { copyChunk, copyHead, type Chunk, type ListHead, type ListReader, type ListStore } from './message-list';

/** Beyond this many cached heads and chunks the cache starts over (a few MB at most). */
const MAX_ENTRIES = 256;

/**
 * The lists as the projector last read or wrote them, so appending a message reads neither the
 * head nor the last chunk of its lists again (two of the four store operations per list).
 *
 * Only message events change lists, and every one of them raises the version of the `messages`
 * aggregate once applied. The cache is therefore trusted only at the version it was last brought
 * to (`at`): the projector calls `useAt` with the stored version before applying an event and
 * `keptAt` after writing the next one. Any other writer (another instance after a rebalance, a
 * projector that writes without this cache) raises the version, and the cache is dropped. A
 * writer that crashed half-way left the version where it was, but the event it applied is then
 * applied again from this cache's content, which is the state before that event, and list
 * operations are set operations, so the result is the same.
 *
 * Cached values are frozen: callers must not change what they read.
 */
export class CachedListStore implements ListStore {
  private readonly heads = new Map<string, ListHead | null>();
  private readonly chunks = new Map<string, Chunk>();
  private at: number | null = null;

  constructor(private readonly store: ListStore) {}

  get sealsChunks(): boolean | undefined {
    return this.store.sealsChunks;
  }

  useAt(version: number): void {
    if (this.at !== version) this.clear();
    this.at = null;
  }

  keptAt(version: number): void {
    this.at = version;
  }

  /**
   * Reads for a decision taken at `version` (the `messages` version its handler read): from the
   * cache while the cache is at that version, else from the store. What the store returns is
   * remembered only if the cache is still at that version once it arrives: no event was being
   * applied meanwhile (`useAt` had not cleared `at`), so the store held that version's lists.
   */
  readerAt(version: number): ListReader {
    return {
      head: async (key) => {
        if (this.at !== version) return this.store.head(key);
        if (this.heads.has(key)) return this.heads.get(key)!;
        const head = await this.store.head(key);
        if (this.at === version) this.remember(this.heads, key, head && freezeHead(head));
        return head;
      },
      chunk: async (key, no) => {
        if (this.at !== version) return this.store.chunk(key, no);
        const cached = this.chunks.get(chunkId(key, no));
        if (cached) return cached;
        const chunk = freezeChunk(await this.store.chunk(key, no));
        if (this.at === version) this.remember(this.chunks, chunkId(key, no), chunk);
        return chunk;
      },
    };
  }

  async head(key: string): Promise<ListHead | null> {
    if (this.heads.has(key)) return this.heads.get(key)!;
    const head = await this.store.head(key);
    this.remember(this.heads, key, head && freezeHead(head));
    return this.heads.get(key) ?? null;
  }

  async putHead(key: string, head: ListHead): Promise<void> {
    await this.store.putHead(key, head);
    this.remember(this.heads, key, freezeHead(copyHead(head)));
  }

  async deleteHead(key: string): Promise<void> {
    await this.store.deleteHead(key);
    this.remember(this.heads, key, null);
  }

  async chunk(key: string, no: number): Promise<Chunk> {
    const id = chunkId(key, no);
    const cached = this.chunks.get(id);
    if (cached) return cached;
    const chunk = freezeChunk(await this.store.chunk(key, no));
    this.remember(this.chunks, id, chunk);
    return chunk;
  }

  async putChunk(key: string, no: number, chunk: Chunk): Promise<void> {
    await this.store.putChunk(key, no, chunk);
    this.remember(this.chunks, chunkId(key, no), freezeChunk(copyChunk(chunk)));
  }

  async deleteChunk(key: string, no: number): Promise<void> {
    await this.store.deleteChunk(key, no);
    this.chunks.delete(chunkId(key, no));
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (this.heads.size + this.chunks.size >= MAX_ENTRIES && !map.has(key)) this.clear();
    map.set(key, value);
  }

  private clear(): void {
    this.heads.clear();
    this.chunks.clear();
  }
}

const chunkId = (key: string, no: number): string => `${key}#${no}`;

function freezeChunk(chunk: Chunk): Chunk {
  Object.freeze(chunk.ids);
  if (chunk.tags) Object.freeze(chunk.tags);
  return Object.freeze(chunk);
}

function freezeHead(head: ListHead): ListHead {
  for (const ref of head.chunks) Object.freeze(ref);
  Object.freeze(head.chunks);
  return Object.freeze(head);
}
