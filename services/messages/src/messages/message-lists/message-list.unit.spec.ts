import {
  addIds,
  idsBefore,
  idsFrom,
  listSummary,
  MAX_CHUNK,
  MemoryListStore,
  removeIds,
  taggedIdsAmong,
  taggedIdsBetween,
} from './message-list';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function listOf(store: MemoryListStore, key: string): Promise<number[]> {
  return idsFrom(store, key, 0, Number.MAX_SAFE_INTEGER);
}

describe('chunked message id lists', () => {
  it('given an empty list, when ids are appended one by one, then they read back in order in chunks of at most MAX_CHUNK', async () => {
    const store = new MemoryListStore();
    for (const id of range(1, 2500)) await addIds(store, 't', [id]);
    expect(await listOf(store, 't')).toEqual(range(1, 2500));
    const head = (await store.head('t'))!;
    expect(head.chunks.map((c) => c.count)).toEqual([MAX_CHUNK, MAX_CHUNK, 500]);
    expect(await listSummary(store, 't')).toEqual({ firstId: 1, lastId: 2500, count: 2500 });
  });

  it('given a tagged list of 5 chunks, when a range or a set of ids is read, then the chunks needed are read together, and only those', async () => {
    const store = new MemoryListStore();
    await addIds(store, 't', range(1, 5000), { tagOf: (id) => `tag ${id % 7}` });
    const newest = await taggedIdsBetween(store, 't', 10, 4900, 1500);
    expect(newest.map((e) => e.id)).toEqual(range(3401, 4900).reverse());
    expect(newest[0]).toEqual({ id: 4900, tag: `tag ${4900 % 7}` });
    expect(store.batchReads).toEqual([[5, 4]]);

    store.batchReads.length = 0;
    expect((await taggedIdsBetween(store, 't', 1990, 2010, 100)).map((e) => e.id)).toEqual(range(1990, 2010).reverse());
    expect(store.batchReads).toEqual([[3, 2]]);

    store.batchReads.length = 0;
    const found = await taggedIdsAmong(store, 't', [7, 999, 4001, 6000]);
    expect(found).toEqual([7, 999, 4001].map((id) => ({ id, tag: `tag ${id % 7}` })));
    expect(store.batchReads).toEqual([[1, 5]]);
  });

  it('given a tagged list, when ids are appended one by one and one is added again, then every id keeps the tag it was last given', async () => {
    const store = new MemoryListStore();
    for (const id of range(1, 1200)) await addIds(store, 't', [id], { tagOf: (n) => `first ${n}` });
    await addIds(store, 't', [1100, 1201], { tagOf: (n) => `second ${n}` });
    const tagged = await taggedIdsBetween(store, 't', 1, 1201, 2000);
    expect(tagged).toHaveLength(1201);
    expect(tagged.find((e) => e.id === 1)).toEqual({ id: 1, tag: 'first 1' });
    expect(tagged.find((e) => e.id === 1100)).toEqual({ id: 1100, tag: 'second 1100' });
    expect(tagged.find((e) => e.id === 1199)).toEqual({ id: 1199, tag: 'first 1199' });
    expect(tagged[0]).toEqual({ id: 1201, tag: 'second 1201' });
  });

  it('given a chunk of a tagged list stored without tags, when an id is appended, then the earlier ids read with an empty tag', async () => {
    const store = new MemoryListStore();
    await addIds(store, 't', [1, 2, 3]);
    await addIds(store, 't', [4], { tagOf: () => 'new' });
    expect(await taggedIdsBetween(store, 't', 1, 4, 10)).toEqual([
      { id: 4, tag: 'new' },
      { id: 3, tag: '' },
      { id: 2, tag: '' },
      { id: 1, tag: '' },
    ]);
  });

  it('given a long list, when one id is appended, then only the last chunk and the head are written', async () => {
    const store = new MemoryListStore();
    await addIds(store, 't', range(1, 5500));
    store.writes = 0;
    await addIds(store, 't', [6000]);
    expect(store.writes).toBe(2);
  });

  it('given a list, when the same ids are added again, then nothing changes', async () => {
    const store = new MemoryListStore();
    await addIds(store, 't', range(1, 1500));
    const before = JSON.stringify([...store.heads, ...store.chunks]);
    await addIds(store, 't', [5, 1000, 1001, 1500]);
    expect(JSON.stringify([...store.heads, ...store.chunks])).toBe(before);
  });

  it('given a full chunk, when ids are inserted inside it, then it splits into new chunks and the old one is dropped', async () => {
    const store = new MemoryListStore();
    await addIds(
      store,
      't',
      range(1, 2000).map((n) => n * 2),
    );
    await addIds(store, 't', [3, 5, 7]);
    const ids = await listOf(store, 't');
    expect(ids.slice(0, 6)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(ids).toHaveLength(2003);
    const head = (await store.head('t'))!;
    expect(head.chunks.every((c) => c.count <= MAX_CHUNK)).toBe(true);
    expect(store.chunks.size).toBe(head.chunks.length);
  });

  it('given a list, when ids are removed, then only their chunks change and empty chunks and lists disappear', async () => {
    const store = new MemoryListStore();
    await addIds(store, 't', range(1, 3000));
    await removeIds(store, 't', range(1001, 2000));
    expect(await listOf(store, 't')).toEqual([...range(1, 1000), ...range(2001, 3000)]);
    expect((await store.head('t'))!.chunks).toHaveLength(2);
    await removeIds(store, 't', range(1001, 2000));
    await removeIds(store, 't', [...range(1, 1000), ...range(2001, 3000)]);
    expect(await store.head('t')).toBeNull();
    expect(store.chunks.size).toBe(0);
  });

  it('reads windows around an anchor across chunk boundaries, filtered by an acceptor', async () => {
    const store = new MemoryListStore();
    await addIds(store, 't', range(1, 3000));
    expect(await idsBefore(store, 't', 1003, 5)).toEqual([1002, 1001, 1000, 999, 998]);
    expect(await idsFrom(store, 't', 998, 5)).toEqual([998, 999, 1000, 1001, 1002]);
    expect(await idsFrom(store, 't', 2999, 5)).toEqual([2999, 3000]);
    expect(await idsBefore(store, 't', 3, 5)).toEqual([2, 1]);
    const even = (ids: number[]): number[] => ids.filter((id) => id % 2 === 0);
    expect(await idsBefore(store, 't', 1005, 3, even)).toEqual([1004, 1002, 1000]);
    expect(await idsFrom(store, 'missing', 0, 3)).toEqual([]);
    // Past the 200 ids handed to an acceptor at a time, and across chunks, newest first.
    expect(await idsBefore(store, 't', 2501, 700, even)).toEqual(
      range(1101, 2500)
        .filter((id) => id % 2 === 0)
        .reverse(),
    );
    expect(await idsBefore(store, 't', 1_000_000, 1)).toEqual([3000]);
  });

  it('given a crash between writing chunks and the head, when the addition is repeated, then the list is whole and consistent', async () => {
    const store = new MemoryListStore();
    await addIds(
      store,
      't',
      range(1, 1000).map((n) => n * 2),
    );
    // The split's new chunks were written, but not the head: simulate by replaying on a store
    // whose head write is lost once.
    const putHead = store.putHead.bind(store);
    let lose = true;
    store.putHead = async (key, head) => {
      if (lose) {
        lose = false;
        throw new Error('crash');
      }
      return putHead(key, head);
    };
    await expect(addIds(store, 't', [3])).rejects.toThrow('crash');
    await addIds(store, 't', [3]);
    const ids = await listOf(store, 't');
    expect(ids).toHaveLength(1001);
    expect(new Set(ids).size).toBe(1001);
    expect(store.chunks.size).toBe((await store.head('t'))!.chunks.length);
  });
});
