import type { BulkOp, DocumentCollection, DocumentUpdate, Documents, FindOptions, IdFilter, WriteResult } from './document-collection';
import type { DocumentSchema, StoredDocument, WrittenAfter } from './document-schema';
import { bsonCopy } from './bson-copy';
import { matchesFilter, sortedAndLimited } from './document-filter';
import { reviseStored, revised, type Revision } from './revised-document';

type Doc = Record<string, unknown> & StoredDocument;

/** Where the buffer reads what it does not hold, and writes in bulk: a collection's model (ModelCollection). */
export type BackingCollection<T extends StoredDocument> = Pick<
  DocumentCollection<T>,
  'name' | 'findOne' | 'find' | 'bulkWrite' | 'insertMany' | 'insertOne' | 'replaceOne'
>;
export interface BackingDocuments {
  of<T extends StoredDocument>(schema: DocumentSchema<T>): BackingCollection<T>;
}

/**
 * A rebuild replays every event of a topic through the projection, and the projection reads and
 * writes one document by `_id` per event: a store round trip or two each, which bounded a rebuild
 * at about a hundred events a second. These documents are kept in memory and written in bulk,
 * through the collections' models, from time to time. Collections the rebuild has just emptied
 * are known to hold only what was written through here, so their misses need no round trip either.
 *
 * Only lookups and writes by `_id` are buffered (a write may also name fields the document must
 * hold, for compare-and-set writers; `insertOne` of an existing `_id` fails with the store's
 * duplicate-key code; `updateOne` knows `$set`, and `$addToSet` and `$pull` of one value); `find` first writes what is pending for that
 * collection, then reads the store. A crash before the last flush leaves a partial projection,
 * which is safe only because a rebuild records its projection version after the last flush.
 */
export class WriteBehindDb implements Documents {
  private readonly collections = new Map<string, WriteBehindCollection<never>>();

  constructor(
    private readonly backing: BackingDocuments,
    /** Whether a collection held nothing when the rebuild began (it dropped the projection). */
    private readonly startsEmpty: (name: string) => boolean,
    private readonly options: WriteBehindOptions = {},
  ) {}

  of<T extends StoredDocument>(schema: DocumentSchema<T>): WriteBehindCollection<T> {
    let collection = this.collections.get(schema.collection) as WriteBehindCollection<T> | undefined;
    if (!collection) {
      collection = new WriteBehindCollection(
        this.backing.of(schema),
        schema.collection,
        this.startsEmpty(schema.collection),
        this.options,
        schema.writtenAfter,
      );
      this.collections.set(schema.collection, collection as WriteBehindCollection<never>);
    }
    return collection;
  }

  /** Documents written but not yet in the store. */
  get pending(): number {
    let count = 0;
    for (const collection of this.collections.values()) count += collection.pending;
    return count;
  }

  /**
   * Collection by collection, in the order they were first used; an overlay's side by side, each
   * once those its schema says it is written after are in the store.
   */
  async flush(): Promise<void> {
    const collections = [...this.collections.values()];
    if (!this.options.overlay) {
      for (const collection of collections) await collection.flush();
      return;
    }
    const flushing = new Map<WriteBehindCollection<never>, Promise<void>>();
    const flushOf = (collection: WriteBehindCollection<never>): Promise<void> => {
      let flushed = flushing.get(collection);
      if (!flushed) {
        const before = collections.filter((other) => collection.writtenAfter(other));
        flushed = Promise.all(before.map(flushOf)).then(() => collection.flush());
        flushing.set(collection, flushed);
      }
      return flushed;
    };
    await Promise.all(collections.map(flushOf));
  }
}

export interface WriteBehindOptions {
  /**
   * The documents of a command group (GroupDocuments), which must reach the store only after the
   * group's events are in Kafka: a `find` merges what is pending into the store's answer instead
   * of writing it first, and the collections are flushed side by side (each document belongs to
   * one collection, and the checkpoints that vouch for them are written after).
   */
  overlay?: boolean;
}

/**
 * Documents a collection keeps in memory after a flush, so the ones every event reads (counters,
 * list heads) are not read back from the store; past it the memory is given back.
 */
const KEPT_AFTER_FLUSH = 20_000;

export class WriteBehindCollection<T extends StoredDocument> implements DocumentCollection<T> {
  /** Documents as last written or read (null: deleted or known absent). */
  private readonly cached = new Map<string, Doc | null>();
  private readonly dirty = new Set<string>();
  /**
   * An overlay's documents shared with other keys' writers (`reviseOne`): their revisions, applied
   * again to the stored document when written, instead of the document as the group left it.
   */
  private readonly revisions = new Map<string, { initial: () => Omit<Doc, '_id'>; revisions: Revision<Doc>[] }>();
  /** In a collection emptied by the rebuild: ids flushed to the store and evicted from `cached`. */
  private readonly stored = new Set<string>();
  /** The flush under way (or the last one): the next waits for it. */
  private flushing: Promise<void> = Promise.resolve();
  private readonly backing: BackingCollection<Doc>;

  constructor(
    backing: BackingCollection<T>,
    readonly name: string,
    private readonly startsEmpty: boolean,
    private readonly options: WriteBehindOptions = {},
    readonly after: WrittenAfter = [],
  ) {
    this.backing = backing as unknown as BackingCollection<Doc>;
  }

  get pending(): number {
    return this.dirty.size + this.revisions.size;
  }

  /** Whether an overlay writes this collection only once `other` is in the store (see `DocumentSchema.writtenAfter`). */
  writtenAfter(other: WriteBehindCollection<never>): boolean {
    if (other.name === this.name) return false;
    return this.after === 'everything' ? other.after !== 'everything' : this.after.includes(other.name);
  }

  /** The whole document (a projection, which the store would apply, is not: callers read the fields they named). */
  async findOne(filter: IdFilter): Promise<T | null> {
    return copy(await this.lookUp(idOf(filter))) as T | null;
  }

  private async lookUp(id: string): Promise<Doc | null> {
    if (this.cached.has(id)) return this.cached.get(id)!;
    if (this.startsEmpty && !this.stored.has(id)) return null;
    const found = await this.backing.findOne({ _id: id });
    this.cached.set(id, found);
    return found;
  }

  async replaceOne(filter: IdFilter, replacement: Omit<T, '_id'>, options?: { upsert?: boolean }): Promise<WriteResult> {
    const id = idOf(filter);
    const conditional = Object.keys(filter).length > 1;
    if (conditional && options?.upsert) throw new Error(`a rebuild upserts by _id alone (got ${JSON.stringify(filter)})`);
    const current = !options?.upsert || conditional ? await this.lookUp(id) : undefined;
    const matched = current ? holds(current, filter) : false;
    if (!matched && (!options?.upsert || conditional)) return written(0, 0);
    this.set(id, { ...cloneDoc(replacement as Record<string, unknown>), _id: id });
    return matched ? written(1, 0) : written(0, 1);
  }

  /** Fails with code 11000 (duplicate key), as the store does, when the `_id` is taken. */
  async insertOne(doc: T): Promise<void> {
    const id = idOf({ _id: doc._id });
    if ((await this.lookUp(id)) !== null) throw Object.assign(new Error(`E11000 duplicate key: ${id}`), { code: 11000 });
    this.set(id, cloneDoc(doc as Doc));
  }

  async insertMany(docs: T[], options?: { ordered?: boolean }): Promise<void> {
    let failure: unknown;
    for (const doc of docs) {
      try {
        await this.insertOne(doc);
      } catch (error) {
        if (options?.ordered !== false) throw error;
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }

  /**
   * `$set` of top-level fields, or `$addToSet` / `$pull` of one value on top-level arrays (values
   * compared as the store would for numbers and strings); an upsert (by `_id` alone) creates the
   * document from them.
   */
  async updateOne(filter: IdFilter, update: DocumentUpdate, options?: { upsert?: boolean }): Promise<WriteResult> {
    const keys = Object.keys(update);
    if (keys.length !== 1 || !UPDATE_OPERATORS.has(keys[0]!))
      throw new Error(`a rebuild updates with one of $set, $addToSet, $pull (got ${JSON.stringify(update)})`);
    const id = idOf(filter);
    const conditional = Object.keys(filter).length > 1;
    if (conditional && options?.upsert) throw new Error(`a rebuild upserts by _id alone (got ${JSON.stringify(filter)})`);
    const current = await this.lookUp(id);
    if (!current && options?.upsert) {
      this.set(id, { ...applyUpdate({}, update), _id: id });
      return written(0, 1);
    }
    if (!current || !holds(current, filter)) return written(0, 0);
    this.set(id, { ...applyUpdate(current, update), _id: id });
    return written(1, 0);
  }

  async deleteOne(filter: IdFilter): Promise<void> {
    const id = idOf(filter);
    // A document the store never held needs no request (a rebuild replays deletions of messages
    // whose sends are no longer in the topic, a topic deletion's batch 100 at a time), and its
    // absence needs no memory either: such a collection holds only what was stored through here.
    if (this.startsEmpty && !this.stored.has(id)) {
      this.cached.delete(id);
      this.dirty.delete(id);
      return;
    }
    this.set(id, null);
  }

  /** Deletions and upserting replacements by `_id`, one after the other, buffered as the single calls are. */
  async bulkWrite(ops: BulkOp<T>[], _options?: { ordered?: boolean }): Promise<void> {
    for (const op of ops) {
      if ('deleteOne' in op) await this.deleteOne(op.deleteOne.filter);
      else if ('replaceOne' in op && op.replaceOne.upsert)
        await this.replaceOne(op.replaceOne.filter, op.replaceOne.replacement, { upsert: true });
      else throw new Error('a rebuild bulk-writes deletions and upserting replacements by _id only');
    }
  }

  /**
   * A rebuild is the only writer: the revision is written as any change. An overlay keeps the
   * revision for its write, and the result for the group's later reads.
   */
  async reviseOne(id: string, initial: () => Omit<T, '_id'>, revise: Revision<T>): Promise<void> {
    const next = revised((await this.lookUp(id)) as T | null, initial, [revise]);
    if (!next) return;
    const doc = { ...(next as Record<string, unknown>), _id: id };
    if (!this.options.overlay) return this.set(id, doc);
    if (this.dirty.has(id)) throw new Error(`${this.name} ${id} is written and revised in one group`);
    this.cached.set(id, doc);
    const pending = this.revisions.get(id);
    if (pending) pending.revisions.push(revise as Revision<Doc>);
    else this.revisions.set(id, { initial: initial as () => Omit<Doc, '_id'>, revisions: [revise as Revision<Doc>] });
  }

  private set(id: string, doc: Doc | null): void {
    if (this.revisions.has(id)) throw new Error(`${this.name} ${id} is revised and written in one group`);
    this.cached.set(id, doc);
    this.dirty.add(id);
  }

  async find(filter: Record<string, unknown>, options?: FindOptions): Promise<T[]> {
    if (this.options.overlay && this.pending > 0) return this.findMerged(filter, options ?? {}) as Promise<T[]>;
    if (!this.options.overlay) await this.flush();
    return this.backing.find(filter, options) as Promise<unknown[]> as Promise<T[]>;
  }

  /**
   * The store's answer with the pending documents in their place: those written since replace
   * theirs, those deleted drop out. Whole documents are read (sorting and matching need their
   * fields), and as many more as are pending, so a limit still fills after some drop out.
   */
  private async findMerged(filter: Record<string, unknown>, options: FindOptions): Promise<Doc[]> {
    const { limit, projection, sort } = options;
    const pending = new Set([...this.dirty, ...this.revisions.keys()]);
    const stored = await this.backing.find(filter, {
      ...(sort ? { sort } : {}),
      ...(limit === undefined ? {} : { limit: limit + pending.size }),
    });
    const merged = stored.filter((doc) => !pending.has(doc._id));
    for (const id of pending) {
      const doc = this.cached.get(id);
      if (doc && matchesFilter(doc, filter)) merged.push(cloneDoc(doc));
    }
    return sortedAndLimited(merged, { sort, limit, projection });
  }

  /**
   * Writes what is pending; past KEPT_AFTER_FLUSH documents, forgets the written ones (memory stays
   * bounded). Documents new to a collection that started empty are inserted in one request (the
   * store writes them in one transaction); the others are replaced or deleted in one bulk request.
   * The projection goes on writing while a flush waits on the store (a `find` flushes in the middle
   * of an event whose other writes run beside it): what it writes meanwhile stays pending for the
   * next flush, and flushes run one after the other, so the store gets every write in order.
   */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.writePending());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async writePending(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    const inserts: Doc[] = [];
    const ops: BulkOp<Doc>[] = [];
    for (const id of ids) {
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
    const revisions = [...this.revisions];
    this.revisions.clear();
    if (inserts.length > 0) await this.backing.insertMany(inserts, { ordered: true });
    await Promise.all([
      ops.length > 0 ? this.backing.bulkWrite(ops, { ordered: true }) : undefined,
      ...revisions.map(([id, { initial, revisions: changes }]) => reviseStored(this.backing, id, initial, changes)),
    ]);
    if (this.cached.size > KEPT_AFTER_FLUSH) for (const id of this.cached.keys()) if (!this.dirty.has(id)) this.cached.delete(id);
  }
}

function idOf(filter: IdFilter): string {
  if (typeof filter._id !== 'string')
    throw new Error(`a rebuild reads and writes documents by string _id only (got ${JSON.stringify(filter)})`);
  return filter._id;
}

const absent = (condition: unknown): boolean =>
  typeof condition === 'object' &&
  condition !== null &&
  Object.keys(condition).length === 1 &&
  (condition as { $exists?: unknown }).$exists === false;

/** Whether the document satisfies the filter's conditions beside `_id`. */
function holds(doc: Doc, filter: IdFilter): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    if (field === '_id') return true;
    if (absent(condition)) return !(field in doc) || doc[field] === undefined;
    // As in Mongo, null matches a field that is null or missing.
    if (condition === null) return doc[field] === null || doc[field] === undefined;
    if (typeof condition === 'object' && condition !== null && Object.keys(condition).some((k) => k.startsWith('$'))) {
      throw new Error(`a rebuild filters by values and {$exists: false} only (got ${JSON.stringify(filter)})`);
    }
    return JSON.stringify(doc[field]) === JSON.stringify(condition);
  });
}

const written = (matchedCount: number, upsertedCount: number): WriteResult => ({
  matchedCount,
  modifiedCount: matchedCount,
  upsertedCount,
});

const copy = (doc: Doc | null): Doc | null => (doc ? cloneDoc(doc) : null);

/**
 * The buffer holds what the store would (a Buffer becomes a `Binary`; structuredClone would turn
 * a `Binary` into a plain object and the store would then hold that object), apart from callers.
 */
const cloneDoc = bsonCopy;

type Scalar = string | number | boolean | null;
const UPDATE_OPERATORS = new Set(['$set', '$addToSet', '$pull']);

/** The document after `update`, as the store would leave it (the arrays' order kept). */
function applyUpdate(doc: Doc | Record<string, unknown>, update: DocumentUpdate): Record<string, unknown> {
  if ('$set' in update) return { ...doc, ...cloneDoc(update.$set) };
  const next: Record<string, unknown> = { ...doc };
  const [fields, adding] = '$addToSet' in update ? [update.$addToSet, true] : [update.$pull, false];
  for (const [field, value] of Object.entries(fields)) {
    const values = (doc[field] as Scalar[] | undefined) ?? [];
    if (adding) next[field] = values.includes(value) ? [...values] : [...values, value];
    else if (doc[field] !== undefined) next[field] = values.filter((v) => v !== value);
  }
  return next;
}
