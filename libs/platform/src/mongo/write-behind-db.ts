import type { Connection } from 'mongoose';

type Doc = Record<string, unknown> & { _id: string };
type IdFilter = { _id: string };

/** What a projection reads and writes through, during a rebuild: documents by `_id`, as a Connection does. */
interface Backing {
  collection(name: string): {
    findOne(filter: IdFilter): Promise<Doc | null>;
    find(filter: Record<string, unknown>, options?: unknown): { toArray(): Promise<Doc[]> };
    bulkWrite(ops: BulkOp[], options: { ordered: boolean }): Promise<unknown>;
    insertMany(docs: Doc[], options: { ordered: boolean }): Promise<unknown>;
  };
}
type BulkOp = { replaceOne: { filter: IdFilter; replacement: Omit<Doc, '_id'>; upsert: true } } | { deleteOne: { filter: IdFilter } };

/**
 * A rebuild replays every event of a topic through the projection, and the projection reads and
 * writes one document by `_id` per event: a store round trip or two each, which bounded a rebuild
 * at about a hundred events a second. This connection keeps the documents in memory and writes
 * them in bulk from time to time. Collections the rebuild has just emptied are known to hold only
 * what was written through it, so their misses need no round trip either.
 *
 * Only lookups and writes by `_id` are buffered; `find` first writes what is pending for that
 * collection, then reads the store. A crash before the last flush leaves a partial projection,
 * which is safe only because a rebuild records its projection version after the last flush.
 */
export class WriteBehindDb {
  private readonly collections = new Map<string, WriteBehindCollection>();

  constructor(
    private readonly backing: Connection,
    /** Whether a collection held nothing when the rebuild began (it dropped the projection). */
    private readonly startsEmpty: (name: string) => boolean,
  ) {}

  collection(name: string): WriteBehindCollection {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new WriteBehindCollection((this.backing as unknown as Backing).collection(name), this.startsEmpty(name));
      this.collections.set(name, collection);
    }
    return collection;
  }

  /** Documents written but not yet in the store. */
  get pending(): number {
    let count = 0;
    for (const collection of this.collections.values()) count += collection.pending;
    return count;
  }

  async flush(): Promise<void> {
    for (const collection of this.collections.values()) await collection.flush();
  }

  /** The projection code takes a Connection; it only ever asks it for collections. */
  asConnection(): Connection {
    return { collection: (name: string) => this.collection(name), db: this.backing.db } as unknown as Connection;
  }
}

export class WriteBehindCollection {
  /** Documents as last written or read (null: deleted or known absent). */
  private readonly cached = new Map<string, Doc | null>();
  private readonly dirty = new Set<string>();
  /** In a collection emptied by the rebuild: ids flushed to the store and evicted from `cached`. */
  private readonly stored = new Set<string>();

  constructor(
    private readonly backing: ReturnType<Backing['collection']>,
    private readonly startsEmpty: boolean,
  ) {}

  get pending(): number {
    return this.dirty.size;
  }

  async findOne(filter: IdFilter): Promise<Doc | null> {
    const id = idOf(filter);
    if (this.cached.has(id)) return copy(this.cached.get(id)!);
    if (this.startsEmpty && !this.stored.has(id)) return null;
    const found = await this.backing.findOne({ _id: id });
    this.cached.set(id, found);
    return copy(found);
  }

  async replaceOne(filter: IdFilter, replacement: Record<string, unknown>, options?: { upsert?: boolean }): Promise<void> {
    const id = idOf(filter);
    if (!options?.upsert && (await this.findOne(filter)) === null) return;
    this.cached.set(id, { ...structuredClone(replacement), _id: id });
    this.dirty.add(id);
  }

  async deleteOne(filter: IdFilter): Promise<void> {
    const id = idOf(filter);
    this.cached.set(id, null);
    this.dirty.add(id);
  }

  find(filter: Record<string, unknown>, options?: unknown): { toArray(): Promise<Doc[]> } {
    return { toArray: async () => (await this.flush(), this.backing.find(filter, options).toArray()) };
  }

  /**
   * Writes what is pending and forgets the documents (memory stays bounded). Documents new to a
   * collection that started empty are inserted in one request (the store writes them in one
   * transaction); the others are replaced or deleted in one bulk request.
   */
  async flush(): Promise<void> {
    const inserts: Doc[] = [];
    const ops: BulkOp[] = [];
    for (const id of this.dirty) {
      const doc = this.cached.get(id);
      const known = !this.startsEmpty || this.stored.has(id);
      if (doc && !known) inserts.push(doc);
      else if (doc) {
        const { _id, ...replacement } = doc;
        ops.push({ replaceOne: { filter: { _id }, replacement, upsert: true } });
      } else if (known) ops.push({ deleteOne: { filter: { _id: id } } });
      if (doc) this.stored.add(id);
      else this.stored.delete(id);
    }
    if (inserts.length > 0) await this.backing.insertMany(inserts, { ordered: true });
    if (ops.length > 0) await this.backing.bulkWrite(ops, { ordered: true });
    this.dirty.clear();
    this.cached.clear();
  }
}

function idOf(filter: IdFilter): string {
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '_id' || typeof filter._id !== 'string') {
    throw new Error(`a rebuild reads and writes documents by string _id only (got ${JSON.stringify(filter)})`);
  }
  return filter._id;
}

const copy = (doc: Doc | null): Doc | null => (doc ? structuredClone(doc) : null);
