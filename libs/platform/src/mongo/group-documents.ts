import { AsyncLocalStorage } from 'node:async_hooks';
import type { BulkOp, DocumentCollection, DocumentFilter, DocumentUpdate, Documents, FindOptions, IdFilter } from './document-collection';
import type { DocumentSchema, StoredDocument } from './document-schema';
import { WriteBehindDb } from './write-behind-db';

/**
 * A service's projection documents, which command groups write behind. A group decides commands
 * one after another, each on the state the earlier ones left, and writes the store only once
 * their events are in Kafka: while a group's work runs (`within`), every collection reads and
 * writes the group's overlay, a write-behind buffer over the store; any other work (queries, read
 * models, background jobs) reads and writes the store itself, and so never sees what a group has
 * not yet written. Repositories hold these documents' collections and need not know which.
 */
export class GroupDocuments implements Documents {
  private readonly current = new AsyncLocalStorage<WriteBehindDb>();

  constructor(private readonly backing: Documents) {}

  of<T extends StoredDocument>(schema: DocumentSchema<T>): DocumentCollection<T> {
    return new GroupCollection(schema, this.backing.of(schema), () => this.current.getStore()?.of(schema));
  }

  /** A new group's overlay: empty, every miss read from the store. */
  overlay(): WriteBehindDb {
    return new WriteBehindDb(this.backing, () => false, { overlay: true });
  }

  /** Runs `work` with every collection reading and writing `overlay` (and what it starts, awaited or not). */
  within<T>(overlay: WriteBehindDb, work: () => Promise<T>): Promise<T> {
    return this.current.run(overlay, work);
  }
}

/** One collection, reading and writing the overlay of the group whose work calls it, else the store. */
class GroupCollection<T extends StoredDocument> implements DocumentCollection<T> {
  constructor(
    private readonly schema: DocumentSchema<T>,
    private readonly stored: DocumentCollection<T>,
    private readonly grouped: () => DocumentCollection<T> | undefined,
  ) {}

  get name(): string {
    return this.schema.collection;
  }

  private get target(): DocumentCollection<T> {
    return this.grouped() ?? this.stored;
  }

  findOne(filter: IdFilter, options?: Pick<FindOptions, 'projection'>): Promise<T | null> {
    return this.target.findOne(filter, options);
  }

  find(filter: DocumentFilter, options?: FindOptions): Promise<T[]> {
    return this.target.find(filter, options);
  }

  replaceOne(filter: IdFilter, replacement: Omit<T, '_id'>, options?: { upsert?: boolean }) {
    return this.target.replaceOne(filter, replacement, options);
  }

  updateOne(filter: IdFilter, update: DocumentUpdate, options?: { upsert?: boolean }) {
    return this.target.updateOne(filter, update, options);
  }

  insertOne(doc: T): Promise<void> {
    return this.target.insertOne(doc);
  }

  insertMany(docs: T[], options?: { ordered?: boolean }): Promise<void> {
    return this.target.insertMany(docs, options);
  }

  deleteOne(filter: IdFilter): Promise<void> {
    return this.target.deleteOne(filter);
  }

  bulkWrite(ops: BulkOp<T>[], options?: { ordered?: boolean }): Promise<void> {
    return this.target.bulkWrite(ops, options);
  }
}
