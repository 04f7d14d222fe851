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
    autoIndex: false,
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 20,
  });
  await connection.asPromise();
  return connection;
}
