import type { Connection } from 'mongoose';

/**
 * One database per service. FerretDB (the local store) supports no transactions: every write
 * in this codebase is a single-document write by `_id`, which both MongoDB and FerretDB do
 * atomically and which FerretDB's SQLite backend pushes down to SQL.
 *
 * The driver is loaded here, not with this library: the gateway, which has no database, would
 * pay about 24 MB of memory for it.
 */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const { default: mongoose } = await import('mongoose');
  const connection = mongoose.createConnection(url, {
    dbName,
    // Declared indexes are created at start (createDeclaredIndexes); a collection appears with its first document.
    autoIndex: false,
    autoCreate: false,
    // A field holding `undefined` is left out, wherever it is written from (the models' casting
    // leaves top-level ones out; a rebuild's write-behind buffer all of them), never stored as null.
    ignoreUndefined: true,
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 20,
  });
  await connection.asPromise();
  return connection;
}
