import type { mongo } from 'mongoose';
import type { DocumentCollection } from '@zulip-es/platform';
import { copyHead, type Chunk, type ListHead, type ListStore } from '../message-lists/message-list';
import { decodeChunkRefs, decodeIds, encodeChunkRefs, encodeIds } from '../message-lists/id-chunk-codec';

export interface TopicIndexHeadDoc {
  _id: string;
  refs: mongo.Binary;
  nextNo: number;
}
/** A chunk of entries: their ids (binary, see id-chunk-codec) and, in the same order, their names as one JSON text. */
export interface TopicIndexChunkDoc {
  _id: string;
  ids: mongo.Binary;
  names: string;
}

const chunkId = (key: string, no: number): string => `${key}#${no}`;

/** A chunk's entries and their names, in id order. */
interface NamedChunk {
  ids: number[];
  names: string[];
}

/** Beyond this many cached heads and chunks the cache starts over (a few MB at most). */
const MAX_CACHED = 256;

/**
 * The index's documents as the projector last read or wrote them, so that a message sent to a
 * busy channel reads neither the head nor the chunk of its entry again. Trusted only at the
 * `messages` version it was last brought to, as the message lists' cache is (see
 * CachedListStore): the projector calls `useAt` with the stored version before an event and
 * `keptAt` after writing it; any other writer raises the version and the cache is dropped.
 */
export class TopicIndexCache {
  readonly heads = new Map<string, ListHead | null>();
  readonly chunks = new Map<string, NamedChunk | null>();
  private at: number | null = null;

  useAt(version: number): void {
    if (this.at !== version) this.clear();
    this.at = null;
  }

  keptAt(version: number): void {
    this.at = version;
  }

  remember<T>(map: Map<string, T>, key: string, value: T): void {
    if (!map.has(key) && this.heads.size + this.chunks.size >= MAX_CACHED) this.clear();
    map.set(key, value);
  }

  private clear(): void {
    this.heads.clear();
    this.chunks.clear();
  }
}

/**
 * The topic index's documents (see `topic-index.ts`): a list store like the message lists'
 * (heads and chunks by `_id`), whose chunks also hold each entry's topic name. The list
 * operations see ids only; this store keeps the name of every entry it read and of every entry
 * named to it before it is added (`name`), and writes them with the chunk.
 *
 * One instance serves one event's changes, or one query: it keeps what it read and, for an
 * event, what it wrote, until `flush` writes the chunks, then the heads, then removes dropped
 * chunks, the order the list operations rely on after a crash. Cached documents are shared:
 * callers never change what they read.
 */
export class TopicIndexStore implements ListStore {
  private readonly names = new Map<number, string>();
  private readonly heads = new Map<string, ListHead | null>();
  private readonly chunks = new Map<string, number[] | null>();
  private readonly changedHeads = new Set<string>();
  private readonly changedChunks = new Set<string>();

  constructor(
    private readonly headDocs: DocumentCollection<TopicIndexHeadDoc>,
    private readonly chunkDocs: DocumentCollection<TopicIndexChunkDoc>,
    /** The projector's cache (queries read the store itself). */
    private readonly cache?: TopicIndexCache,
  ) {}

  /** The name of an entry this store read or was told. */
  nameOf(id: number): string {
    const name = this.names.get(id);
    if (name === undefined) throw new Error(`topic index: no name known for ${id}`);
    return name;
  }

  /** Tells the name of an entry about to be added. */
  name(id: number, name: string): void {
    this.names.set(id, name);
  }

  async head(key: string): Promise<ListHead | null> {
    if (!this.heads.has(key)) this.heads.set(key, await this.storedHead(key));
    const head = this.heads.get(key)!;
    return head && copyHead(head);
  }

  async chunk(key: string, no: number): Promise<Chunk> {
    const id = chunkId(key, no);
    if (!this.chunks.has(id)) {
      const chunk = await this.storedChunk(id);
      chunk?.ids.forEach((entry, i) => this.names.set(entry, chunk.names[i] ?? ''));
      this.chunks.set(id, chunk && [...chunk.ids]);
    }
    return { ids: [...(this.chunks.get(id) ?? [])] };
  }

  private async storedHead(key: string): Promise<ListHead | null> {
    if (this.cache?.heads.has(key)) return this.cache.heads.get(key)!;
    const doc = await this.headDocs.findOne({ _id: key });
    const head = doc ? { chunks: decodeChunkRefs(doc.refs), nextNo: doc.nextNo } : null;
    this.cache?.remember(this.cache.heads, key, head);
    return head;
  }

  private async storedChunk(id: string): Promise<NamedChunk | null> {
    if (this.cache?.chunks.has(id)) return this.cache.chunks.get(id)!;
    const doc = await this.chunkDocs.findOne({ _id: id });
    const chunk = doc ? { ids: decodeIds(doc.ids), names: JSON.parse(doc.names) as string[] } : null;
    this.cache?.remember(this.cache.chunks, id, chunk);
    return chunk;
  }

  async putHead(key: string, head: ListHead): Promise<void> {
    this.heads.set(key, copyHead(head));
    this.changedHeads.add(key);
  }

  async deleteHead(key: string): Promise<void> {
    this.heads.set(key, null);
    this.changedHeads.add(key);
  }

  async putChunk(key: string, no: number, { ids }: Chunk): Promise<void> {
    for (const entry of ids) this.nameOf(entry);
    this.chunks.set(chunkId(key, no), [...ids]);
    this.changedChunks.add(chunkId(key, no));
  }

  async deleteChunk(key: string, no: number): Promise<void> {
    this.chunks.set(chunkId(key, no), null);
    this.changedChunks.add(chunkId(key, no));
  }

  /** Writes what changed: chunks first, then heads, then the removal of dropped chunks. */
  async flush(): Promise<void> {
    const written = [...this.changedChunks].map((id) => {
      const ids = this.chunks.get(id);
      return [id, ids && { ids, names: ids.map((entry) => this.nameOf(entry)) }] as const;
    });
    const heads = [...this.changedHeads].map((key) => [key, this.heads.get(key)!] as const);
    this.changedChunks.clear();
    this.changedHeads.clear();
    for (const [id, chunk] of written) {
      if (chunk)
        await this.chunkDocs.replaceOne({ _id: id }, { ids: encodeIds(chunk.ids), names: JSON.stringify(chunk.names) }, { upsert: true });
      this.cache?.remember(this.cache.chunks, id, chunk);
    }
    for (const [key, head] of heads) {
      if (head) await this.headDocs.replaceOne({ _id: key }, { refs: encodeChunkRefs(head.chunks), nextNo: head.nextNo }, { upsert: true });
      else await this.headDocs.deleteOne({ _id: key });
      this.cache?.remember(this.cache.heads, key, head && copyHead(head));
    }
    for (const [id, chunk] of written) if (!chunk) await this.chunkDocs.deleteOne({ _id: id });
  }
}
