import type { Connection, Model, Schema, SchemaOptions, Types } from 'mongoose';

/** A stored document: every projection document is found by a string `_id` (`channel:<id>`, `<user>:<channel>:<topic>`). */
export type StoredDocument = { _id: string };
/** A record whose `_id` the driver assigns (a log nobody looks up by `_id`). */
export type LoggedDocument = { _id: Types.ObjectId };

/**
 * How a top-level field is declared, from its type in the state the code writes: a number,
 * string, boolean or date (or a list of numbers or strings) as that type, which mongoose casts to
 * itself; anything else (objects, lists of objects, binary, unions) as `Mixed`, stored as written.
 */
export type FieldType<V> =
  | 'Mixed'
  | ([NonNullable<V>] extends [number] ? 'Number' : never)
  | ([NonNullable<V>] extends [string] ? 'String' : never)
  | ([NonNullable<V>] extends [boolean] ? 'Boolean' : never)
  | ([NonNullable<V>] extends [Date] ? 'Date' : never)
  | ([NonNullable<V>] extends [readonly number[]] ? ['Number'] : never)
  | ([NonNullable<V>] extends [readonly string[]] ? ['String'] : never);

/** Every field of the document, optional ones included; `_id` is a string unless declared an `ObjectId`. */
export type DocumentFields<T> = { readonly [K in Exclude<keyof T, '_id'>]-?: FieldType<T[K]> } & (T extends LoggedDocument
  ? { readonly _id: 'ObjectId' }
  : unknown);

/**
 * An index for lookups by another field than `_id`. The local store (FerretDB) has no TTL or
 * partial indexes, so neither can be declared; unique indexes work.
 */
export type IndexDeclaration<T> = readonly [
  fields: { readonly [K in Exclude<keyof T, '_id'> & string]?: 1 | -1 },
  options?: { unique?: boolean },
];

/**
 * One collection's documents, declared once: the collection, its fields, its indexes. Plain data,
 * so declaring one loads no database driver (the gateway loads this library but has no database);
 * the schema is built from the connection's own mongoose when a model is first asked for.
 */
export interface DocumentSchema<T extends StoredDocument | LoggedDocument> {
  readonly collection: string;
  readonly fields: DocumentFields<T>;
  readonly indexes: readonly IndexDeclaration<T>[];
  /**
   * The collections whose documents a command group writes before this one's (none unless
   * declared; `everything`: all the others). Documents that name others (a list's head its chunks,
   * a counter the last message id in the lists) are written after those, so that work outside
   * the group never finds a name before what it names; the rest are written side by side.
   */
  readonly writtenAfter: WrittenAfter;
}

/** Collection names, or every collection that is not itself written after everything. */
export type WrittenAfter = readonly string[] | 'everything';

export function documentSchema<T extends StoredDocument | LoggedDocument>(
  collection: string,
  fields: DocumentFields<T>,
  indexes: readonly IndexDeclaration<T>[] = [],
  options: { writtenAfter?: readonly { readonly collection: string }[] | 'everything' } = {},
): DocumentSchema<T> {
  const after = options.writtenAfter ?? [];
  return { collection, fields, indexes, writtenAfter: after === 'everything' ? after : after.map((schema) => schema.collection) };
}

/**
 * A document goes to the store as the code wrote it, and comes back the same: no `__v`, no
 * timestamps or defaults, an empty object kept (`minimize`), fields beyond the declared ones kept
 * (`strict: false`: a document of an older release keeps what it held), filters passed as given.
 * Indexes are created at start (`createDeclaredIndexes`), and a collection appears with its first
 * document, as without models.
 */
const SCHEMA_OPTIONS: SchemaOptions = {
  versionKey: false,
  minimize: false,
  strict: false,
  strictQuery: false,
  id: false,
  autoIndex: false,
  autoCreate: false,
};

/** The declaration each model was built from, to refuse a second, different one for the same collection. */
const declaredBy = new WeakMap<object, object>();

/** The model of `schema` on `connection`, registered on first use (models are per connection). */
export function documentModel<T extends StoredDocument | LoggedDocument>(connection: Connection, schema: DocumentSchema<T>): Model<T> {
  const name = schema.collection;
  const known = connection.models[name];
  if (known) {
    if (declaredBy.get(known) !== schema) throw new Error(`collection ${name} is declared by two schemas on one connection`);
    return known as Model<T>;
  }
  const built: Schema = new connection.base.Schema(definitionOf(schema) as never, { ...SCHEMA_OPTIONS, collection: name });
  for (const [fields, options] of schema.indexes) built.index(fields as Record<string, 1 | -1>, options);
  const model = connection.model(name, built, name);
  declaredBy.set(model, schema);
  return model as unknown as Model<T>;
}

/** Mongoose's definition of the fields: a list has no default (mongoose's would store `[]` for a list the code left out). */
function definitionOf<T extends StoredDocument | LoggedDocument>(schema: DocumentSchema<T>): Record<string, unknown> {
  const fields = Object.entries(schema.fields as Record<string, unknown>).map(([field, type]) => [
    field,
    Array.isArray(type) ? { type, default: undefined } : type,
  ]);
  return { _id: 'String', ...Object.fromEntries(fields) };
}

/**
 * Creates the indexes every model on `connection` declares (run at start; building one that
 * exists is a no-op). Resolves to the names of the collections that declare any.
 */
export async function createDeclaredIndexes(connection: Connection): Promise<string[]> {
  const indexed = Object.values(connection.models).filter((model) => model.schema.indexes().length > 0);
  for (const model of indexed) await model.createIndexes();
  return indexed.map((model) => model.collection.collectionName);
}
