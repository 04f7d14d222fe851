import type { Connection, Model, RootFilterQuery, UpdateQuery } from 'mongoose';
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

/**
 * A collection through its model. Reads are lean queries (plain documents as the driver returns
 * them, no hydration); updates are cast by the schema, which leaves values of the declared types
 * as they are. Whole documents (replacements, inserts, bulk writes) go to the model's collection
 * as given: mongoose would build each replacement into a document, which stores its fields in the
 * schema's order rather than the code's and costs several times the write's own serialization.
 */
export class ModelCollection<T extends StoredDocument> implements DocumentCollection<T> {
  constructor(readonly model: Model<T>) {}

  get name(): string {
    return this.model.collection.collectionName;
  }

  findOne(filter: IdFilter, options?: Pick<FindOptions, 'projection'>): Promise<T | null> {
    return this.model
      .findOne(filter as RootFilterQuery<T>, options?.projection)
      .lean<T>()
      .exec();
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
    return written(await this.model.updateOne(filter as RootFilterQuery<T>, update as UpdateQuery<T>, options).exec());
  }

  async insertOne(doc: T): Promise<void> {
    await this.insertMany([doc]);
  }

  async insertMany(docs: T[], options: { ordered?: boolean } = {}): Promise<void> {
    await this.model.insertMany(docs, { lean: true, ordered: options.ordered ?? true });
  }

  async deleteOne(filter: IdFilter): Promise<void> {
    await this.model.deleteOne(filter as RootFilterQuery<T>).exec();
  }

  async bulkWrite(ops: BulkOp<T>[], options: { ordered?: boolean } = {}): Promise<void> {
    await this.model.collection.bulkWrite(ops as never, { ordered: options.ordered ?? true });
  }
}

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
