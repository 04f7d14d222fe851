import { mongo } from 'mongoose';
import { documentSchema, type DocumentSchema } from './document-schema';
import { WriteBehindDb, type BackingDocuments } from './write-behind-db';

type Doc = Record<string, unknown> & { _id: string };
type Op = { replaceOne?: { filter: { _id: string }; replacement: Record<string, unknown> }; deleteOne?: { filter: { _id: string } } };

/** A store of documents by _id that counts its round trips. */
/** What a store keeps of a document: its BSON form (as the driver would send it). */
const storedCopy = <T>(doc: T): T => (doc === null ? doc : (mongo.BSON.deserialize(mongo.BSON.serialize(doc as object)) as T));

function fakeStore(initial: Record<string, Doc[]> = {}) {
  const data = new Map(Object.entries(initial).map(([name, docs]) => [name, new Map(docs.map((d) => [d._id, d]))]));
  const trips = { findOne: 0, bulkWrite: 0, insertMany: 0, find: 0 };
  /** Each write request's start and end, as `<collection> <start|end>`. */
  const writes: string[] = [];
  /** While set, these writes wait for it: the store is slow to answer them. */
  let slow: { writes: readonly string[]; answered: Promise<void> } | undefined;
  const answering = async (write: string) => {
    while (slow?.writes.includes(write)) await slow.answered;
  };
  const table = (name: string) => data.get(name) ?? data.set(name, new Map()).get(name)!;
  const backing = {
    of: ({ collection: name }: DocumentSchema<Doc>) => ({
      findOne: async ({ _id }: { _id: string }) => (trips.findOne++, storedCopy(table(name).get(_id) ?? null)),
      find: async () => (trips.find++, [...table(name).values()].map((d) => storedCopy(d))),
      insertMany: async (docs: Doc[]) => {
        trips.insertMany++;
        await answering('insertMany');
        for (const doc of docs) {
          if (table(name).has(doc._id)) throw new Error(`duplicate key ${doc._id}`);
          table(name).set(doc._id, storedCopy(doc));
        }
      },
      bulkWrite: async (ops: Op[]) => {
        trips.bulkWrite++;
        writes.push(`${name} start`);
        await answering('bulkWrite');
        for (const op of ops) {
          if (op.replaceOne) table(name).set(op.replaceOne.filter._id, { ...op.replaceOne.replacement, _id: op.replaceOne.filter._id });
          if (op.deleteOne) table(name).delete(op.deleteOne.filter._id);
        }
        writes.push(`${name} end`);
      },
      insertOne: async (doc: Doc) => {
        if (table(name).has(doc._id)) throw Object.assign(new Error(`duplicate key ${doc._id}`), { code: 11000 });
        table(name).set(doc._id, storedCopy(doc));
      },
      /** Compare and set on `rev` (a number, or `{$exists: false}`), as the store matches it. */
      replaceOne: async ({ _id, rev }: { _id: string; rev?: unknown }, replacement: Record<string, unknown>) => {
        const held = table(name).get(_id);
        const matches = held !== undefined && (typeof rev === 'number' ? held['rev'] === rev : held['rev'] === undefined);
        if (matches) table(name).set(_id, { ...storedCopy(replacement), _id });
        return { matchedCount: matches ? 1 : 0, modifiedCount: matches ? 1 : 0, upsertedCount: 0 };
      },
    }),
  };
  /** Makes the store's writes (or those named) wait until the returned function is called. */
  const holdWrites = (writes: readonly string[] = ['insertMany', 'bulkWrite']): (() => void) => {
    let release!: () => void;
    slow = { writes, answered: new Promise<void>((resolve) => (release = resolve)) };
    return () => {
      slow = undefined;
      release();
    };
  };
  /** Another writer's document, stored at once. */
  const put = (name: string, doc: Doc) => table(name).set(doc._id, storedCopy(doc));
  return {
    backing: backing as unknown as BackingDocuments,
    trips,
    writes,
    put,
    docs: (name: string) => [...table(name).values()],
    holdWrites,
  };
}

/** A collection's schema, by its name alone (the buffer knows nothing else of it). */
const named = (collection: string): DocumentSchema<Doc> => documentSchema<Doc>(collection, {});

describe('write-behind documents of a rebuild', () => {
  it('answers misses in a collection the rebuild emptied without asking the store', async () => {
    const store = fakeStore();
    const users = new WriteBehindDb(store.backing, () => true).of(named('users'));
    expect(await users.findOne({ _id: 'user:1' })).toBeNull();
    expect(store.trips.findOne).toBe(0);
  });

  it('reads its own writes and deletions before and after they reach the store', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const users = db.of(named('users'));
    await users.replaceOne({ _id: 'user:1' }, { name: 'Ada', version: 1 }, { upsert: true });
    await users.replaceOne({ _id: 'user:2' }, { name: 'Bob', version: 1 }, { upsert: true });
    await users.deleteOne({ _id: 'user:2' });
    expect(await users.findOne({ _id: 'user:1' })).toEqual({ _id: 'user:1', name: 'Ada', version: 1 });
    expect(await users.findOne({ _id: 'user:2' })).toBeNull();
    expect(db.pending).toBe(1); // user:2 came and went before reaching the store
    expect(store.docs('users')).toEqual([]);

    await db.flush();
    expect(db.pending).toBe(0);
    expect(store.docs('users')).toEqual([{ _id: 'user:1', name: 'Ada', version: 1 }]);
    expect(await users.findOne({ _id: 'user:1' })).toEqual({ _id: 'user:1', name: 'Ada', version: 1 });
    expect(await users.findOne({ _id: 'user:2' })).toBeNull();
    expect(store.trips.findOne).toBe(0); // still known after the flush
  });

  it('forgets what it wrote once it holds many documents, and reads them back from the store', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const users = db.of(named('users'));
    for (let i = 0; i <= 20_000; i++) await users.replaceOne({ _id: `user:${i}` }, { i }, { upsert: true });
    await db.flush();
    expect(await users.findOne({ _id: 'user:7' })).toEqual({ _id: 'user:7', i: 7 });
    expect(await users.findOne({ _id: 'user:20001' })).toBeNull();
    expect(store.trips.findOne).toBe(1); // the absent one is known absent: the collection started empty
  });

  it('counts a deletion of a document the store never held as nothing to write', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    await db
      .of(named('messages'))
      .bulkWrite([{ deleteOne: { filter: { _id: 'm1' } } }, { deleteOne: { filter: { _id: 'm2' } } }], { ordered: false });
    expect(db.pending).toBe(0);
    expect(await db.of(named('messages')).findOne({ _id: 'm1' })).toBeNull();
  });

  it('inserts the documents new to an emptied collection in one request, and replaces the others in one more', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    for (let i = 0; i < 100; i++) await db.of(named('users')).replaceOne({ _id: `user:${i}` }, { i }, { upsert: true });
    await db.flush();
    expect(store.trips).toMatchObject({ insertMany: 1, bulkWrite: 0 });
    expect(store.docs('users')).toHaveLength(100);

    await db.of(named('users')).replaceOne({ _id: 'user:1' }, { i: -1 }, { upsert: true });
    await db.of(named('users')).deleteOne({ _id: 'user:2' });
    await db.of(named('users')).replaceOne({ _id: 'user:100' }, { i: 100 }, { upsert: true });
    await db.flush();
    expect(store.trips).toMatchObject({ insertMany: 2, bulkWrite: 1 });
    expect(store.docs('users')).toHaveLength(100);
    expect(store.docs('users')).toContainEqual({ _id: 'user:1', i: -1 });
  });

  it('writes nothing for a document created and deleted between two flushes', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    await db.of(named('users')).replaceOne({ _id: 'user:1' }, { i: 1 }, { upsert: true });
    await db.of(named('users')).deleteOne({ _id: 'user:1' });
    await db.flush();
    expect(store.trips).toMatchObject({ insertMany: 0, bulkWrite: 0 });
  });

  it('reads documents the store held before the rebuild from collections it kept', async () => {
    const store = fakeStore({ command_outcomes: [{ _id: 'c1', events: [] }] });
    const outcomes = new WriteBehindDb(store.backing, (name) => name !== 'command_outcomes').of(named('command_outcomes'));
    expect(await outcomes.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', events: [] });
    expect(await outcomes.findOne({ _id: 'c2' })).toBeNull();
    expect(store.trips.findOne).toBe(2);
  });

  it('keeps its documents apart from what callers do with them afterwards', async () => {
    const db = new WriteBehindDb(fakeStore().backing, () => true);
    const written = { tags: ['a'] };
    await db.of(named('notes')).replaceOne({ _id: 'n' }, written, { upsert: true });
    written.tags.push('b');
    const read = await db.of(named('notes')).findOne({ _id: 'n' });
    (read!.tags as string[]).push('c');
    expect(await db.of(named('notes')).findOne({ _id: 'n' })).toEqual({ _id: 'n', tags: ['a'] });
  });

  it('writes pending documents before a query that the store answers', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    await db.of(named('checkpoints')).replaceOne({ _id: 'users.events:0' }, { offset: '7' }, { upsert: true });
    expect(await db.of(named('checkpoints')).find({})).toEqual([{ _id: 'users.events:0', offset: '7' }]);
  });

  it('replaces without upsert only a document that exists', async () => {
    const db = new WriteBehindDb(fakeStore().backing, () => true);
    await db.of(named('notes')).replaceOne({ _id: 'n' }, { text: 'x' });
    expect(await db.of(named('notes')).findOne({ _id: 'n' })).toBeNull();
    expect(db.pending).toBe(0);
  });

  it('replaces on a compare-and-set filter only a document holding the named values, and says whether it matched', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const notes = db.of(named('notes'));
    expect(await notes.replaceOne({ _id: 'n', rev: 1 }, { text: 'x', rev: 2 })).toMatchObject({ matchedCount: 0 });
    await notes.replaceOne({ _id: 'n' }, { text: 'a', rev: 1 }, { upsert: true });
    expect(await notes.replaceOne({ _id: 'n', rev: 2 }, { text: 'b', rev: 3 })).toMatchObject({ matchedCount: 0 });
    expect(await notes.replaceOne({ _id: 'n', rev: 1 }, { text: 'b', rev: 2 })).toMatchObject({ matchedCount: 1 });
    await db.flush();
    // After a flush the document is read back from the store to be compared.
    expect(await notes.replaceOne({ _id: 'n', rev: 1 }, { text: 'c', rev: 2 })).toMatchObject({ matchedCount: 0 });
    expect(await notes.replaceOne({ _id: 'n', rev: 2 }, { text: 'c', rev: 3 })).toMatchObject({ matchedCount: 1 });
    expect(await notes.findOne({ _id: 'n' })).toEqual({ _id: 'n', text: 'c', rev: 3 });
    await expect(notes.replaceOne({ _id: 'n', rev: 3 }, { rev: 4 }, { upsert: true })).rejects.toThrow('by _id alone');
  });

  it('matches {$exists: false} on a document without the field (written before the field existed)', async () => {
    const store = fakeStore({ notes: [{ _id: 'old', text: 'x' }] });
    const notes = new WriteBehindDb(store.backing, () => false).of(named('notes'));
    expect(await notes.replaceOne({ _id: 'old', rev: { $exists: false } }, { text: 'y', rev: 1 })).toMatchObject({ matchedCount: 1 });
    expect(await notes.replaceOne({ _id: 'old', rev: { $exists: false } }, { text: 'z', rev: 1 })).toMatchObject({ matchedCount: 0 });
    await expect(notes.replaceOne({ _id: 'old', rev: { $gt: 0 } }, { rev: 2 })).rejects.toThrow('{$exists: false} only');
  });

  it('inserts one document, failing with the duplicate-key code when the _id is taken (pending, flushed or stored before)', async () => {
    const store = fakeStore({ kept: [{ _id: 'k' }] });
    const db = new WriteBehindDb(store.backing, (name) => name !== 'kept');
    const notes = db.of(named('notes'));
    await notes.insertOne({ _id: 'n', rev: 1 });
    await expect(notes.insertOne({ _id: 'n', rev: 1 })).rejects.toMatchObject({ code: 11000 });
    await db.flush();
    await expect(notes.insertOne({ _id: 'n', rev: 1 })).rejects.toMatchObject({ code: 11000 });
    await expect(db.of(named('kept')).insertOne({ _id: 'k' })).rejects.toMatchObject({ code: 11000 });
    await db.of(named('kept')).insertOne({ _id: 'k2' });
    await db.flush();
    expect(store.docs('notes')).toEqual([{ _id: 'n', rev: 1 }]);
    expect(store.docs('kept')).toEqual([{ _id: 'k' }, { _id: 'k2' }]);
  });

  it('sets fields of an existing document with $set, and leaves a missing one missing', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const channels = db.of(named('channels'));
    expect(await channels.updateOne({ _id: 'c' }, { $set: { first: 1 } })).toMatchObject({ matchedCount: 0 });
    await channels.replaceOne({ _id: 'c' }, { name: 'x', first: null }, { upsert: true });
    expect(await channels.updateOne({ _id: 'c' }, { $set: { first: 7 } })).toMatchObject({ matchedCount: 1 });
    await db.flush();
    expect(store.docs('channels')).toEqual([{ _id: 'c', name: 'x', first: 7 }]);
    await expect(channels.updateOne({ _id: 'c' }, { $inc: { first: 1 } } as never)).rejects.toThrow('one of $set, $addToSet, $pull');
  });

  it('adds a value to an array once with $addToSet (creating the document on an upsert) and removes it with $pull, keeping the order', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const owners = db.of(named('owners'));
    expect(await owners.updateOne({ _id: 'o' }, { $addToSet: { ids: 3 } }, { upsert: true })).toMatchObject({ upsertedCount: 1 });
    await owners.updateOne({ _id: 'o' }, { $addToSet: { ids: 1 } }, { upsert: true });
    expect(await owners.updateOne({ _id: 'o' }, { $addToSet: { ids: 3 } }, { upsert: true })).toMatchObject({ matchedCount: 1 });
    await owners.updateOne({ _id: 'o' }, { $addToSet: { ids: 7 } });
    expect(await owners.updateOne({ _id: 'o' }, { $pull: { ids: 1 } })).toMatchObject({ matchedCount: 1 });
    expect(await owners.updateOne({ _id: 'gone' }, { $pull: { ids: 1 } })).toMatchObject({ matchedCount: 0 });
    await db.flush();
    expect(store.docs('owners')).toEqual([{ _id: 'o', ids: [3, 7] }]);
  });

  it('creates a missing document from $set on an upsert, and matches null against null or missing fields', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const counters = db.of(named('counters'));
    expect(await counters.updateOne({ _id: 'v' }, { $set: { value: 3, last: 9 } }, { upsert: true })).toMatchObject({ upsertedCount: 1 });
    expect(await counters.updateOne({ _id: 'v' }, { $set: { value: 4 } }, { upsert: true })).toMatchObject({ matchedCount: 1 });
    await counters.replaceOne({ _id: 'c' }, { name: 'x' }, { upsert: true });
    expect(await counters.updateOne({ _id: 'c', first: null }, { $set: { first: 5 } })).toMatchObject({ matchedCount: 1 });
    expect(await counters.updateOne({ _id: 'c', first: null }, { $set: { first: 6 } })).toMatchObject({ matchedCount: 0 });
    await expect(counters.updateOne({ _id: 'c', first: 5 }, { $set: { first: 6 } }, { upsert: true })).rejects.toThrow('by _id alone');
    await db.flush();
    expect(store.docs('counters')).toEqual([
      { _id: 'v', value: 4, last: 9 },
      { _id: 'c', name: 'x', first: 5 },
    ]);
  });

  it('keeps binary values binary, as the store would hold them', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const chunks = db.of(named('chunks'));
    await chunks.replaceOne({ _id: 'k' }, { ids: new mongo.Binary(Buffer.from([1, 0, 0, 0])) }, { upsert: true });
    expect((await chunks.findOne({ _id: 'k' }))?.ids).toBeInstanceOf(mongo.Binary);
    await db.flush();
    const [stored] = store.docs('chunks');
    expect(stored.ids).toBeInstanceOf(mongo.Binary);
    expect(Buffer.from((stored.ids as mongo.Binary).buffer)).toEqual(Buffer.from([1, 0, 0, 0]));
  });

  it('buffers a bulk of deletions and replacements by _id like the single calls', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const messages = db.of(named('messages'));
    for (const i of [1, 2, 3]) await messages.replaceOne({ _id: `m${i}` }, { i }, { upsert: true });
    await db.flush();
    await messages.bulkWrite(
      [
        { deleteOne: { filter: { _id: 'm1' } } },
        { deleteOne: { filter: { _id: 'm3' } } },
        { replaceOne: { filter: { _id: 'm4' }, replacement: { i: 4 }, upsert: true } },
      ],
      { ordered: false },
    );
    expect(await messages.findOne({ _id: 'm1' })).toBeNull();
    await db.flush();
    expect(store.docs('messages')).toEqual([
      { _id: 'm2', i: 2 },
      { _id: 'm4', i: 4 },
    ]);
  });

  it('refuses lookups by anything but a string _id, which it could not answer from memory', async () => {
    const db = new WriteBehindDb(fakeStore().backing, () => true);
    await expect(db.of(named('users')).findOne({ email: 'a@b' } as never)).rejects.toThrow('by string _id only');
  });

  it('keeps what the projection writes while a flush waits on the store, for the next flush', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const chunks = db.of(named('chunks'));
    await chunks.replaceOne({ _id: 'dms:2#1' }, { ids: [1] }, { upsert: true });
    const release = store.holdWrites();
    // A `find` flushes in the middle of an event whose other writes go on beside it.
    const flushing = chunks.find({});
    await chunks.replaceOne({ _id: 'dms:7#1' }, { ids: [5] }, { upsert: true });
    release();
    await flushing;
    await db.flush();
    expect(store.docs('chunks')).toEqual([
      { _id: 'dms:2#1', ids: [1] },
      { _id: 'dms:7#1', ids: [5] },
    ]);
  });

  it('writes overlapping flushes one after the other, so the store ends with the last write', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const heads = db.of(named('heads'));
    await heads.replaceOne({ _id: 'dms:7' }, { nextNo: 1 }, { upsert: true });
    // The first flush inserts the new document, slowly; the second would replace it at once.
    const release = store.holdWrites(['insertMany']);
    const first = db.flush();
    await heads.replaceOne({ _id: 'dms:7' }, { nextNo: 2 }, { upsert: true });
    const second = db.flush();
    release();
    await Promise.all([first, second]);
    expect(store.docs('heads')).toEqual([{ _id: 'dms:7', nextNo: 2 }]);
  });

  it('forgets only documents already written when it gives memory back after a flush', async () => {
    const store = fakeStore();
    const db = new WriteBehindDb(store.backing, () => true);
    const messages = db.of(named('messages'));
    for (let i = 0; i <= 20_000; i++) await messages.replaceOne({ _id: `message:${i}` }, { i }, { upsert: true });
    const release = store.holdWrites();
    const flushing = db.flush();
    await messages.replaceOne({ _id: 'message:late' }, { i: -1 }, { upsert: true });
    release();
    await flushing;
    await db.flush();
    expect(store.docs('messages')).toHaveLength(20_002);
    expect(await messages.findOne({ _id: 'message:late' })).toEqual({ _id: 'message:late', i: -1 });
  });
});

describe("a command group's overlay", () => {
  const overlayOf = (store: ReturnType<typeof fakeStore>) => new WriteBehindDb(store.backing, () => false, { overlay: true });
  /** A document several keys' writers share: a list of entries. */
  type Shared = { _id: string; entries: string[]; rev: number };
  const adding =
    (entry: string) =>
    (current: Omit<Shared, '_id'>): Omit<Shared, '_id'> | null =>
      current.entries.includes(entry) ? null : { ...current, entries: [...current.entries, entry] };
  const none = (): Omit<Shared, '_id'> => ({ entries: [], rev: 0 });

  it('writes a collection only once those it is written after are in the store, the others side by side', async () => {
    const store = fakeStore();
    const db = overlayOf(store);
    const chunks = named('chunks');
    const counters = db.of(documentSchema<Doc>('counters', {}, [], { writtenAfter: 'everything' }));
    const heads = db.of(documentSchema<Doc>('heads', {}, [], { writtenAfter: [chunks] }));
    const messages = db.of(named('messages'));
    await counters.replaceOne({ _id: 'last' }, { value: 7 }, { upsert: true });
    await heads.replaceOne({ _id: 'list' }, { chunks: [1] }, { upsert: true });
    await db.of(chunks).replaceOne({ _id: 'list#1' }, { ids: [7] }, { upsert: true });
    await messages.replaceOne({ _id: 'message:7' }, { id: 7 }, { upsert: true });
    await db.flush();
    const at = (entry: string) => store.writes.indexOf(entry);
    expect(at('chunks end')).toBeLessThan(at('heads start'));
    // The message is written beside the chunks and the head, which do not wait for it.
    expect(at('messages start')).toBeLessThan(at('chunks end'));
    expect(Math.max(at('messages end'), at('heads end'))).toBeLessThan(at('counters start'));
    expect(store.docs('counters')).toEqual([{ _id: 'last', value: 7 }]);
  });

  it('reads its revision of a shared document, and writes it over what another writer stored meanwhile', async () => {
    const store = fakeStore({ topics: [{ _id: 'topic', entries: ['a'], rev: 1 }] });
    const db = overlayOf(store);
    const topics = db.of(documentSchema<Shared>('topics', { entries: ['String'], rev: 'Number' }));
    await topics.reviseOne('topic', none, adding('b'));
    await topics.reviseOne('topic', none, adding('c'));
    expect(await topics.findOne({ _id: 'topic' })).toEqual({ _id: 'topic', entries: ['a', 'b', 'c'], rev: 3 });
    expect(await topics.find({})).toEqual([{ _id: 'topic', entries: ['a', 'b', 'c'], rev: 3 }]);
    store.put('topics', { _id: 'topic', entries: ['a', 'x'], rev: 2 });
    await db.flush();
    expect(store.docs('topics')).toEqual([{ _id: 'topic', entries: ['a', 'x', 'b', 'c'], rev: 3 }]);
  });

  it("creates a shared document from its initial state, again over another writer's creation", async () => {
    const store = fakeStore();
    const db = overlayOf(store);
    const topics = db.of(documentSchema<Shared>('topics', { entries: ['String'], rev: 'Number' }));
    await topics.reviseOne('topic', none, adding('b'));
    store.put('topics', { _id: 'topic', entries: ['x'], rev: 1 });
    await db.flush();
    expect(store.docs('topics')).toEqual([{ _id: 'topic', entries: ['x', 'b'], rev: 2 }]);
  });

  it('writes nothing for a revision that changes nothing', async () => {
    const store = fakeStore({ topics: [{ _id: 'topic', entries: ['a'], rev: 1 }] });
    const db = overlayOf(store);
    const topics = db.of(documentSchema<Shared>('topics', { entries: ['String'], rev: 'Number' }));
    await topics.reviseOne('topic', none, adding('a'));
    expect(db.pending).toBe(0);
  });

  it('refuses to write and revise one document in one group', async () => {
    const db = overlayOf(fakeStore());
    const topics = db.of(documentSchema<Shared>('topics', { entries: ['String'], rev: 'Number' }));
    await topics.reviseOne('topic', none, adding('b'));
    await expect(topics.replaceOne({ _id: 'topic' }, { entries: [], rev: 0 }, { upsert: true })).rejects.toThrow(/revised and written/);
    await topics.replaceOne({ _id: 'other' }, { entries: [], rev: 0 }, { upsert: true });
    await expect(topics.reviseOne('other', none, adding('b'))).rejects.toThrow(/written and revised/);
  });
});
