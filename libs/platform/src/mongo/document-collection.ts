import type { Connection } from 'mongoose';
import type { DocumentSchema, StoredDocument } from './document-schema';
import type { Revision } from './revised-document';

/**
 * `_id` and, for a compare-and-set, fields the document must hold: a value, or `{$exists: false}`
 * (the field is absent).
 */
export type IdFilter = { _id: string } & Record<string, unknown>;
/** A query's filter (a scan of the collection in the local store, unless it names `_id` only). */
export type DocumentFilter = Record<string, unknown>;

type Scalar = string | number | boolean | null;
/** One operator: `$set` of top-level fields, or `$addToSet` / `$pull` of one value on top-level arrays. */
export type DocumentUpdate = { $set: Record<string, unknown> } | { $addToSet: Record<string, Scalar> } | { $pull: Record<string, Scalar> };

export type BulkOp<T extends StoredDocument> =
  | { replaceOne: { filter: IdFilter; replacement: Omit<T, '_id'>; upsert?: boolean } }
  | { updateOne: { filter: IdFilter; update: DocumentUpdate; upsert?: boolean } }
  | { deleteOne: { filter: IdFilter } };

/** What a write reports, as the driver's results do (the fields repositories read). */
export interface WriteResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
}

export interface FindOptions {
  projection?: Record<string, 0 | 1>;
  sort?: Record<string, 1 | -1>;
  limit?: number;
}

/**
 * One collection as repositories read and write it: documents by `_id` (the local store pushes
 * only those down to its SQL backend), queries returning plain documents. Both the collection's
 * model (a service's database) and a rebuild's write-behind buffer over it are one.
 */
export interface DocumentCollection<T extends StoredDocument> {
  /** The collection's name. */
  readonly name: string;
  findOne(filter: IdFilter, options?: Pick<FindOptions, 'projection'>): Promise<T | null>;
  find(filter: DocumentFilter, options?: FindOptions): Promise<T[]>;
  replaceOne(filter: IdFilter, replacement: Omit<T, '_id'>, options?: { upsert?: boolean }): Promise<WriteResult>;
  updateOne(filter: IdFilter, update: DocumentUpdate, options?: { upsert?: boolean }): Promise<WriteResult>;
  /** Fails with code 11000 (duplicate key) when the `_id` is taken. */
  insertOne(doc: T): Promise<void>;
  /** In order; `ordered` (the default): the first taken `_id` fails the rest, else the others are inserted and it fails after. */
  insertMany(docs: T[], options?: { ordered?: boolean }): Promise<void>;
  deleteOne(filter: IdFilter): Promise<void>;
  bulkWrite(ops: BulkOp<T>[], options?: { ordered?: boolean }): Promise<void>;
  /**
   * Changes a document that events of several keys write, by `revise` (`initial()` where there is
   * none): compare and set on its `rev`, so that a writer of another key, in this process or
   * another, never has its change overwritten.
   */
  reviseOne(id: string, initial: () => Omit<T, '_id'>, revise: Revision<T>): Promise<void>;
}

/** Where a repository finds its collections. */
export interface Documents {
  of<T extends StoredDocument>(schema: DocumentSchema<T>): DocumentCollection<T>;
}

/**
 * What a repository is built on: a service's database, whose collections it reads and writes
 * through their models, or the documents a rebuild hands its projection (a write-behind buffer).
 */
export type ProjectionDb = Connection | Documents;
