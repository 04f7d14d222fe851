import type { Connection, Model, RootFilterQuery } from 'mongoose';
import type {
  BulkOp,
  DocumentCollection,
  DocumentFilter,
  DocumentUpdate,
  Documents,
  FindOptions,
  IdFilter,
  ProjectionDb,
  WriteResult,
} from './document-collection';
import { documentModel, type DocumentSchema, type StoredDocument } from './document-schema';
import { reviseStored, type Revision } from './revised-document';

/**
 * A collection through its model. Queries are lean (plain documents as the driver returns them,
 * no hydration), their filters cast by the schema. Lookups and writes by `_id`, the path of every
 * command, go to the model's collection as given: a mongoose query builds, casts and captures a
 * stack trace for each call, which cost a command of the users service about 1 ms of its 11 ms of
 * CPU; and mongoose would build each replacement into a document, storing its fields in the
 * schema's order rather than the code's. The code writes values of the declared types, so casting
 * them would change nothing.
 */
export class ModelCollection<T extends StoredDocument> implements DocumentCollection<T> {
  constructor(readonly model: Model<T>) {}

  get name(): string {
    return this.model.collection.collectionName;
  }

  findOne(filter: IdFilter, options?: Pick<FindOptions, 'projection'>): Promise<T | null> {
    return this.model.collection.findOne<T>(filter as never, options?.projection ? { projection: options.projection } : undefined);
  }

  find(filter: DocumentFilter, options: FindOptions = {}): Promise<T[]> {
    const query = this.model.find(filter as RootFilterQuery<T>, options.projection);
    if (options.sort) query.sort(options.sort);
    if (options.limit !== undefined) query.limit(options.limit);
    return query.lean<T[]>().exec();
  }

  async replaceOne(filter: IdFilter, replacement: Omit<T, '_id'>, options?: { upsert?: boolean }): Promise<WriteResult> {
    return written(await this.model.collection.replaceOne(filter as never, replacement, options));
  }

  async updateOne(filter: IdFilter, update: DocumentUpdate, options?: { upsert?: boolean }): Promise<WriteResult> {
    return written(await this.model.collection.updateOne(filter as never, update as never, options));
  }

  async insertOne(doc: T): Promise<void> {
    await this.insertMany([doc]);
  }

  async insertMany(docs: T[], options: { ordered?: boolean } = {}): Promise<void> {
    await this.model.insertMany(docs, { lean: true, ordered: options.ordered ?? true });
  }

  async deleteOne(filter: IdFilter): Promise<void> {
    await this.model.collection.deleteOne(filter as never);
  }

  async bulkWrite(ops: BulkOp<T>[], options: { ordered?: boolean } = {}): Promise<void> {
    await this.model.collection.bulkWrite(ops as never, { ordered: options.ordered ?? true });
  }

  /** Revisions of one document queue within the process instead of colliding; other processes' are retried over. */
  reviseOne(id: string, initial: () => Omit<T, '_id'>, revise: Revision<T>): Promise<void> {
    let queues = revising.get(this.model);
    if (!queues) revising.set(this.model, (queues = new Map()));
    const run = (queues.get(id) ?? Promise.resolve()).then(() => reviseStored(this, id, initial, [revise]));
    const settled = run.catch(() => undefined);
    queues.set(id, settled);
    void settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
    return run;
  }
}

/** Per model (one per collection and connection), the revisions under way per document. */
const revising = new WeakMap<object, Map<string, Promise<void>>>();

const written = (result: WriteResult): WriteResult => ({
  matchedCount: result.matchedCount,
  modifiedCount: result.modifiedCount,
  upsertedCount: result.upsertedCount,
});

/** The collections of a service's database, each through its model (registered on first use). */
export class ModelDocuments implements Documents {
  constructor(readonly connection: Connection) {}

  of<T extends StoredDocument>(schema: DocumentSchema<T>): ModelCollection<T> {
    return new ModelCollection(documentModel(this.connection, schema));
  }
}

/** The documents a repository reads and writes: a rebuild's, or the models' of a service's database. */
export function documentsOf(db: ProjectionDb): Documents {
  return isDocuments(db) ? db : new ModelDocuments(db);
}

const isDocuments = (db: ProjectionDb): db is Documents => typeof (db as Partial<Documents>).of === 'function';
