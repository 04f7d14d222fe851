import { randomBytes } from 'node:crypto';
import { mongo, type Connection } from 'mongoose';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { connectMongo } from './connect-mongo';
import type { DocumentCollection } from './document-collection';
import { createDeclaredIndexes, documentSchema } from './document-schema';
import { ModelDocuments } from './model-documents';

type CardDoc = {
  _id: string;
  userId: number;
  title: string;
  done: boolean;
  ids?: number[];
  body: unknown;
  rev?: number;
};
const CARDS = documentSchema<CardDoc>(
  'cards',
  { userId: 'Number', title: 'String', done: 'Boolean', ids: ['Number'], body: 'Mixed', rev: 'Number' },
  [[{ userId: 1, done: 1 }]],
);
/** The same documents written by the driver alone, as repositories wrote them before models. */
const RAW = 'cards_raw';

/** A document of every kind of value the projections store, its fields in another order than the schema's. */
const card = (): Omit<CardDoc, '_id'> & Record<string, unknown> => ({
  title: 'héllo',
  first: 'undeclared',
  userId: 7,
  ids: [3, 1, 2 ** 40, 0.5],
  done: false,
  body: {
    empty: {},
    list: [],
    nested: [{ a: 1, b: null }, null, 'x'],
    bytes: new mongo.Binary(Buffer.from([1, 0, 0, 0])),
    at: new Date(1_700_000_000_000),
  },
  undeclared: { kept: [true] },
  nothing: null,
});

describe('collections through their models', () => {
  const { MONGO_URL } = StackEndpointsSchema.parse(process.env);
  let db: Connection;
  let cards: DocumentCollection<CardDoc>;
  const raw = () => db.db!.collection(RAW);
  /** The stored bytes of every document, by `_id`. */
  const stored = async (name: string): Promise<Map<string, string>> => {
    const docs = (await db.db!.collection(name).find({}, { raw: true }).toArray()) as unknown as Buffer[];
    return new Map(docs.map((bytes) => [mongo.BSON.deserialize(bytes)._id as string, Buffer.from(bytes).toString('hex')]));
  };

  beforeAll(async () => {
    db = await connectMongo(MONGO_URL, `model-documents-${randomBytes(4).toString('hex')}`);
    cards = new ModelDocuments(db).of(CARDS);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('writes every document byte for byte as the driver alone wrote it, whichever write made it', async () => {
    await cards.replaceOne({ _id: 'replaced' }, card(), { upsert: true });
    await raw().replaceOne({ _id: 'replaced' as never }, card(), { upsert: true });
    await cards.insertOne({ _id: 'inserted', ...card() });
    await raw().insertOne({ _id: 'inserted' as never, ...card() });
    await cards.insertMany([{ _id: 'many', ...card() }], { ordered: false });
    await raw().insertMany([{ _id: 'many' as never, ...card() }], { ordered: false });
    await cards.bulkWrite([{ replaceOne: { filter: { _id: 'bulk' }, replacement: card(), upsert: true } }]);
    await raw().bulkWrite([{ replaceOne: { filter: { _id: 'bulk' as never }, replacement: card(), upsert: true } }]);
    const set = { $set: { title: 'set', body: { empty: {}, deeper: [{}] }, rev: 1 } };
    await cards.updateOne({ _id: 'inserted' }, set);
    await raw().updateOne({ _id: 'inserted' as never }, set);
    await cards.updateOne({ _id: 'bulk' }, { $addToSet: { ids: 9 } });
    await raw().updateOne({ _id: 'bulk' as never }, { $addToSet: { ids: 9 } });
    await cards.updateOne({ _id: 'many' }, { $pull: { ids: 3 } });
    await raw().updateOne({ _id: 'many' as never }, { $pull: { ids: 3 } as never });
    await cards.updateOne({ _id: 'upserted' }, { $set: { userId: 8, ids: [] } }, { upsert: true });
    await raw().updateOne({ _id: 'upserted' as never }, { $set: { userId: 8, ids: [] } }, { upsert: true });
    await cards.updateOne({ _id: 'bare' }, { $set: { title: 'no list' } }, { upsert: true });
    await raw().updateOne({ _id: 'bare' as never }, { $set: { title: 'no list' } }, { upsert: true });

    const [modelled, driven] = [await stored('cards'), await stored(RAW)];
    expect([...modelled.keys()].sort()).toEqual(['bare', 'bulk', 'inserted', 'many', 'replaced', 'upserted']);
    for (const [id, bytes] of driven) expect({ id, bytes: modelled.get(id) }).toEqual({ id, bytes });
  });

  it('stores no field that holds undefined, at any depth', async () => {
    const withUndefined = { ...card(), rev: undefined, body: { kept: 1, dropped: undefined, list: [{ gone: undefined }] } };
    await cards.replaceOne({ _id: 'undefined' }, withUndefined, { upsert: true });
    await cards.updateOne({ _id: 'set-undefined' }, { $set: { title: 't', body: { gone: undefined } } }, { upsert: true });
    await cards.insertOne({ _id: 'insert-undefined', ...withUndefined });
    const read = await db
      .db!.collection('cards')
      .find({ _id: { $in: ['undefined', 'set-undefined', 'insert-undefined'] as never[] } })
      .toArray();
    expect(read).toHaveLength(3);
    for (const doc of read) expect(JSON.stringify(doc)).not.toMatch(/rev|dropped|gone/);
    expect(read.find((d) => d._id === ('undefined' as never))?.body).toEqual({ kept: 1, list: [{}] });
  });

  it('reads plain documents, binary values as the driver gives them, and the fields asked for', async () => {
    const doc = await cards.findOne({ _id: 'replaced' });
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect((doc?.body as { bytes: unknown }).bytes).toBeInstanceOf(mongo.Binary);
    expect(await cards.findOne({ _id: 'replaced' }, { projection: { title: 1 } })).toEqual({ _id: 'replaced', title: 'héllo' });
    expect(await cards.findOne({ _id: 'missing' })).toBeNull();
    const found = await cards.find({ userId: 7 }, { projection: { _id: 1 }, sort: { _id: -1 }, limit: 2 });
    expect(found).toEqual([{ _id: 'undefined' }, { _id: 'replaced' }]);
  });

  it('answers compare-and-set writes by whether the document held the named values', async () => {
    expect(await cards.replaceOne({ _id: 'replaced', rev: { $exists: false } }, { ...card(), rev: 1 })).toMatchObject({ matchedCount: 1 });
    expect(await cards.replaceOne({ _id: 'replaced', rev: { $exists: false } }, { ...card(), rev: 2 })).toMatchObject({ matchedCount: 0 });
    expect(await cards.updateOne({ _id: 'replaced', rev: 1 }, { $set: { rev: 2 } })).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await cards.updateOne({ _id: 'absent' }, { $set: { rev: 1 } }, { upsert: true })).toMatchObject({ upsertedCount: 1 });
  });

  it('fails an insert of a taken _id with the duplicate-key code, and deletes by _id', async () => {
    await expect(cards.insertOne({ _id: 'replaced', ...card() })).rejects.toMatchObject({ code: 11000 });
    await cards.deleteOne({ _id: 'replaced' });
    await cards.bulkWrite([{ deleteOne: { filter: { _id: 'many' } } }]);
    expect(await cards.findOne({ _id: 'replaced' })).toBeNull();
    expect(await cards.findOne({ _id: 'many' })).toBeNull();
  });

  it('creates the indexes the schemas declare in the store', async () => {
    expect(await createDeclaredIndexes(db)).toEqual(['cards']);
    expect(await db.db!.collection('cards').indexes()).toContainEqual(expect.objectContaining({ key: { userId: 1, done: 1 } }));
  });
});
