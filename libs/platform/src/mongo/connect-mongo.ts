import mongoose, { type Connection } from 'mongoose';

/**
 * One database per service. FerretDB (the local store) supports no transactions: every write
 * in this codebase is a single-document write by `_id`, which both MongoDB and FerretDB do
 * atomically and which FerretDB's SQLite backend pushes down to SQL.
 */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    autoIndex: false,
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 20,
  });
  await connection.asPromise();
  return connection;
}
