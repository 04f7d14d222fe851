import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { connectMongo } from './connect-mongo';

type PlanDoc = { _id: string; n: number };

/**
 * Every projection reads and writes one document by `_id`, and every command first looks up its
 * own outcome by an id it has usually never seen: those lookups must use the `_id` index, or each
 * costs a scan of the collection (see infra/stack/provision-ferretdb.ts for the local store).
 */
describe('the Mongo-compatible store: lookups by _id', () => {
  const { MONGO_URL } = StackEndpointsSchema.parse(process.env);
  let db: Connection;

  beforeAll(async () => {
    db = await connectMongo(MONGO_URL, `id-lookup-${randomBytes(4).toString('hex')}`);
    await db.collection<PlanDoc>('docs').insertMany(Array.from({ length: 200 }, (_, n) => ({ _id: `doc:${n}`, n })));
  });

  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('finds a missing _id through the index, not by scanning the collection', async () => {
    const explained = await db.db!.command({ explain: { find: 'docs', filter: { _id: 'doc:missing' }, limit: 1 } });
    expect(plan(explained)).toMatch(/USING INDEX|IDHACK|EXPRESS_IXSCAN|IXSCAN/);
    expect(plan(explained)).not.toMatch(/\bSCAN docs|COLLSCAN/);
  });

  it('looks a compare-and-set filter ({_id, rev}) up through the _id index too', async () => {
    const explained = await db.db!.command({ explain: { find: 'docs', filter: { _id: 'doc:7', n: 7 }, limit: 1 } });
    expect(plan(explained)).toMatch(/USING INDEX|IDHACK|EXPRESS_IXSCAN|IXSCAN/);
    expect(plan(explained)).not.toMatch(/\bSCAN docs|COLLSCAN/);
  });

  it('reads a set of ids ({_id: {$in}}) through the _id index, as message lists read their chunks', async () => {
    const explained = await db.db!.command({ explain: { find: 'docs', filter: { _id: { $in: ['doc:3', 'doc:1', 'doc:missing'] } } } });
    expect(plan(explained)).toMatch(/USING INDEX|IDHACK|EXPRESS_IXSCAN|IXSCAN/);
    expect(plan(explained)).not.toMatch(/\bSCAN docs|COLLSCAN/);
  });

  it('answers a set of ids exactly, mixed with other kinds of values or with the rest of a filter', async () => {
    const docs = db.collection<PlanDoc>('docs');
    const found = async (filter: Record<string, unknown>) => (await docs.find(filter).toArray()).map((d) => d._id).sort();
    expect(await found({ _id: { $in: ['doc:3', 'doc:1', 'doc:missing', 'doc:3'] } })).toEqual(['doc:1', 'doc:3']);
    expect(await found({ _id: { $in: ['doc:4', 4, null] } })).toEqual(['doc:4']);
    expect(await found({ _id: { $in: ['doc:5', 'doc:6'] }, n: 6 })).toEqual(['doc:6']);
    expect(await found({ _id: { $in: [] } })).toEqual([]);
    expect(await found({ _id: { $in: ['doc:7'], $ne: 'doc:7' } })).toEqual([]);
    expect(await found({ _id: { $in: Array.from({ length: 1_500 }, (_, n) => `doc:${n}`) } })).toHaveLength(200);
  });

  it('applies the rest of a filter that names an _id', async () => {
    const docs = db.collection<PlanDoc>('docs');
    expect(await docs.findOne({ _id: 'doc:7', n: 7 })).toEqual({ _id: 'doc:7', n: 7 });
    expect(await docs.findOne({ _id: 'doc:7', n: 8 })).toBeNull();
    expect((await docs.updateOne({ _id: 'doc:8', n: 9 }, { $set: { n: 100 } })).matchedCount).toBe(0);
    expect((await docs.updateOne({ _id: 'doc:8', n: 8 }, { $set: { n: 80 } })).matchedCount).toBe(1);
    expect(await docs.findOne({ _id: 'doc:8' })).toEqual({ _id: 'doc:8', n: 80 });
    expect((await docs.deleteOne({ _id: 'doc:9', n: 10 })).deletedCount).toBe(0);
    expect((await docs.deleteOne({ _id: 'doc:9', n: 9 })).deletedCount).toBe(1);
    await docs.insertOne({ _id: 'doc:9', n: 9 });
  });

  it('still answers lookups, replacements and deletions by _id correctly', async () => {
    const docs = db.collection<PlanDoc>('docs');
    expect(await docs.findOne({ _id: 'doc:150' })).toEqual({ _id: 'doc:150', n: 150 });
    expect(await docs.findOne({ _id: 'doc:missing' })).toBeNull();
    await docs.replaceOne({ _id: 'doc:150' }, { n: -1 });
    expect(await docs.findOne({ _id: 'doc:150' })).toEqual({ _id: 'doc:150', n: -1 });
    await docs.deleteOne({ _id: 'doc:150' });
    expect(await docs.findOne({ _id: 'doc:150' })).toBeNull();
    expect(await docs.countDocuments({})).toBe(199);
  });

  it('takes more than 100 replacements by _id in one request, as a rebuild writes them', async () => {
    // The local store once held a connection per replacement until the request ended: the
    // 101st waited forever (see infra/stack/provision-ferretdb.ts), and so did the store.
    const bulk = db.collection<PlanDoc>('bulk');
    await bulk.insertMany(Array.from({ length: 200 }, (_, n) => ({ _id: `bulk:${n}`, n })));
    const replacements = Array.from({ length: 300 }, (_, n) => ({
      replaceOne: { filter: { _id: `bulk:${n}` }, replacement: { n: -n }, upsert: true },
    }));
    const hung = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('the store did not answer a bulk of 300 replacements in 15 s')), 15_000).unref(),
    );
    const result = await Promise.race([bulk.bulkWrite(replacements, { ordered: true }), hung]);
    expect(result).toMatchObject({ matchedCount: 200, upsertedCount: 100 });
    expect(await bulk.findOne({ _id: 'bulk:250' })).toEqual({ _id: 'bulk:250', n: -250 });
  }, 30_000);
});

/** FerretDB reports SQLite's query plan lines; MongoDB its winning plan's stages. */
function plan(explained: Record<string, unknown>): string {
  return JSON.stringify(explained.queryPlanner ?? explained);
}
