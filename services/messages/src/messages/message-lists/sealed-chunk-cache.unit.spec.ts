import { addIds, allIds, deleteList, MAX_CHUNK, MemoryListStore, removeIds, taggedIdsBetween, type ListStore } from './message-list';
import { SealedChunkCache } from './sealed-chunk-cache';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Counts the chunks read from the store beneath a cache. */
class CountingStore extends MemoryListStore {
  chunkReads = 0;

  constructor() {
    super(true);
  }

  override async chunksOf(key: string, nos: readonly number[]) {
    this.chunkReads += nos.length;
    return super.chunksOf(key, nos);
  }
}

const everything = (store: ListStore, key: string) => taggedIdsBetween(store, key, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);

describe('message lists whose chunks are sealed', () => {
  it('given a sealed store, when an older chunk changes, then it goes under a new number and only the newest chunk is rewritten in place', async () => {
    const store = new MemoryListStore(true);
    await addIds(store, 't', range(1, 2500));
    expect((await store.head('t'))!.chunks.map((c) => c.no)).toEqual([1, 2, 3]);

    await removeIds(store, 't', [5]);
    await addIds(store, 't', [2501]);
    const head = (await store.head('t'))!;
    expect(head.chunks.map((c) => c.no)).toEqual([4, 2, 5]);
    expect(store.chunks.has('t:1')).toBe(false);
    expect(store.chunks.has('t:3')).toBe(false);

    await addIds(store, 't', [2502]);
    expect((await store.head('t'))!.chunks.map((c) => c.no)).toEqual([4, 2, 5]);
    expect(await allIds(store, 't')).toEqual([...range(1, 4), ...range(6, 2502)]);
  });

  it('given a sealed store, when a list is emptied or deleted, then its head keeps its next number, so no number is used twice', async () => {
    const store = new MemoryListStore(true);
    await addIds(store, 't', range(1, 1500));
    await removeIds(store, 't', range(1, 1500));
    expect(await store.head('t')).toEqual({ chunks: [], nextNo: 3 });
    await addIds(store, 't', [7]);
    await deleteList(store, 't');
    expect(await store.head('t')).toEqual({ chunks: [], nextNo: 4 });
    await addIds(store, 't', [8]);
    expect((await store.head('t'))!.chunks.map((c) => c.no)).toEqual([4]);
    expect(store.chunks.size).toBe(1);
  });
});

describe('the sealed chunk cache', () => {
  it('reads a sealed chunk from the store once, and the newest chunk every time', async () => {
    const store = new CountingStore();
    const cache = new SealedChunkCache(store);
    await addIds(cache, 't', range(1, 3 * MAX_CHUNK + 10), { tagOf: (id) => `7 topic ${id % 3}` });

    expect(await everything(cache, 't')).toHaveLength(3 * MAX_CHUNK + 10);
    expect(store.chunkReads).toBe(4);
    expect(await everything(cache, 't')).toHaveLength(3 * MAX_CHUNK + 10);
    expect(store.chunkReads).toBe(5);
  });

  it('keeps at most its limit of chunks, the least recently read going first', async () => {
    const store = new CountingStore();
    const cache = new SealedChunkCache(store, 2);
    await addIds(cache, 't', range(1, 4 * MAX_CHUNK));
    await cache.head('t');
    await cache.chunksOf('t', [1, 2]);
    await cache.chunksOf('t', [1, 3]);
    store.chunkReads = 0;
    await cache.chunksOf('t', [1, 3]);
    expect(store.chunkReads).toBe(0);
    await cache.chunksOf('t', [2]);
    expect(store.chunkReads).toBe(1);
  });

  it('does not keep a chunk it did not find, nor one its reader could not yet know to be sealed', async () => {
    const store = new CountingStore();
    const cache = new SealedChunkCache(store);
    await addIds(store, 't', range(1, 2 * MAX_CHUNK));
    await cache.chunksOf('t', [1, 9]);
    await cache.chunksOf('t', [1, 9]);
    expect(store.chunkReads).toBe(4);
    await cache.head('t');
    await cache.chunksOf('t', [1]);
    await cache.chunksOf('t', [1]);
    expect(store.chunkReads).toBe(5);
  });

  it('given random changes by one writer, then readers through their own caches always read what the store holds', async () => {
    let seed = 42;
    // The high bits of a linear congruential generator (its low bits repeat quickly).
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    const store = new MemoryListStore(true);
    const writer = new SealedChunkCache(store, 8);
    const reader = new SealedChunkCache(store, 8);
    let nextId = 1;
    let retag = 0;
    for (let step = 0; step < 400; step++) {
      const tagOf = (id: number) => `${id % 5} topic ${retag}`;
      const choice = random(10);
      if (choice < 5) {
        const count = 1 + random(700);
        await addIds(writer, 't', range(nextId, nextId + count - 1), { tagOf });
        nextId += count;
      } else if (choice < 7) {
        await removeIds(
          writer,
          't',
          range(1, 40).map(() => 1 + random(nextId)),
        );
      } else if (choice < 9) {
        retag++;
        await addIds(
          writer,
          't',
          range(1, 60).map(() => 1 + random(nextId)),
          { tagOf: (id) => `${id % 5} topic ${retag}` },
        );
      } else {
        await deleteList(writer, 't');
      }
      const expected = await everything(store, 't');
      expect(await everything(reader, 't')).toEqual(expected);
      expect(await everything(writer, 't')).toEqual(expected);
    }
  });
});
