import { CachedListStore } from './cached-list-store';
import { addIds, idsBefore, idsFrom, listSummary, MemoryListStore, removeIds, type Chunk, type ListHead } from './message-list';

/** The store underneath, counting the reads that reach it. */
class CountingStore extends MemoryListStore {
  reads = 0;
  override async head(key: string): Promise<ListHead | null> {
    this.reads++;
    return super.head(key);
  }
  override async chunk(key: string, no: number): Promise<Chunk> {
    this.reads++;
    return super.chunk(key, no);
  }
}

describe("the projector's cache of message id lists", () => {
  it('serves the next append from what the last one wrote, at the version it was kept at', async () => {
    const store = new CountingStore();
    const cached = new CachedListStore(store);
    cached.useAt(0);
    await addIds(cached, 'topic:1:a', [1]);
    cached.keptAt(1);
    const readsBefore = store.reads;

    cached.useAt(1);
    await addIds(cached, 'topic:1:a', [2]);
    cached.keptAt(2);

    expect(store.reads).toBe(readsBefore);
    expect(await idsFrom(store, 'topic:1:a', 0, 10)).toEqual([1, 2]);
  });

  it('reads the store again when the version moved without it (another writer)', async () => {
    const store = new CountingStore();
    const cached = new CachedListStore(store);
    cached.useAt(0);
    await addIds(cached, 'topic:1:a', [1]);
    cached.keptAt(1);
    await addIds(store, 'topic:1:a', [2]); // another instance applied event 2

    cached.useAt(2);
    await addIds(cached, 'topic:1:a', [3]);
    cached.keptAt(3);

    expect(await idsFrom(store, 'topic:1:a', 0, 10)).toEqual([1, 2, 3]);
  });

  it('is not trusted after an event that was never kept (a failure half-way)', async () => {
    const store = new CountingStore();
    const cached = new CachedListStore(store);
    cached.useAt(0);
    await addIds(cached, 'topic:1:a', [1, 2]);
    cached.keptAt(1);
    cached.useAt(1);
    await removeIds(cached, 'topic:1:a', [2]); // event 2 fails before its version is written
    await addIds(store, 'topic:1:a', [2]); // and something else restores the list meanwhile
    const readsBefore = store.reads;

    cached.useAt(1);
    await addIds(cached, 'topic:1:a', [3]);

    expect(store.reads).toBeGreaterThan(readsBefore);
    expect(await idsFrom(store, 'topic:1:a', 0, 10)).toEqual([1, 2, 3]);
  });

  it('hands out frozen values, so a caller cannot change the cache by accident', async () => {
    const cached = new CachedListStore(new MemoryListStore());
    cached.useAt(0);
    await addIds(cached, 'dm:1,2', [5]);
    const head = await cached.head('dm:1,2');
    const { ids } = await cached.chunk('dm:1,2', head!.chunks[0].no);
    expect(() => ids.push(6)).toThrow(/not extensible/);
    expect(() => (head!.chunks as unknown[]).pop()).toThrow(/Cannot delete/);
  });
  it('serves a decision at the version it was kept at from memory', async () => {
    const store = new CountingStore();
    const cached = new CachedListStore(store);
    cached.useAt(0);
    await addIds(cached, 'topic:1:a', [1, 2, 3]);
    cached.keptAt(1);
    const readsBefore = store.reads;

    expect(await idsBefore(cached.readerAt(1), 'topic:1:a', Number.MAX_SAFE_INTEGER, 2)).toEqual([3, 2]);
    expect(store.reads).toBe(readsBefore);
  });

  it('sends a decision at another version to the store, and remembers nothing from it', async () => {
    const store = new CountingStore();
    const cached = new CachedListStore(store);
    cached.useAt(0);
    await addIds(cached, 'topic:1:a', [1]);
    cached.keptAt(1);
    await addIds(store, 'topic:1:a', [2]); // another instance applied event 2

    expect(await idsFrom(cached.readerAt(2), 'topic:1:a', 0, 10)).toEqual([1, 2]);
    // Still at 1: what the store held at version 2 was not taken for version 1.
    expect(await idsFrom(cached.readerAt(1), 'topic:1:a', 0, 10)).toEqual([1]);
  });

  it('does not remember a read that an event being applied overtook', async () => {
    const store = new CountingStore();
    const cached = new CachedListStore(store);
    await addIds(store, 'topic:1:a', [1]);
    cached.keptAt(1);
    // A read for version 1 whose answer (the list before event 2) arrives after event 2 is kept.
    let answer!: (head: ListHead | null) => void;
    const stale = await store.head('topic:1:a');
    store.head = () => new Promise((resolve) => (answer = resolve));
    const reading = cached.readerAt(1).head('topic:1:a');
    store.head = CountingStore.prototype.head;
    cached.useAt(1);
    await addIds(cached, 'topic:1:a', [2]);
    cached.keptAt(2);
    answer(stale);
    await reading;

    expect(await listSummary(cached.readerAt(2), 'topic:1:a')).toEqual({ firstId: 1, lastId: 2, count: 2 });
  });

  it('reads the store while an event is being applied', async () => {
    const store = new CountingStore();
    const cached = new CachedListStore(store);
    cached.useAt(0);
    await addIds(cached, 'topic:1:a', [1]);
    cached.keptAt(1);
    cached.useAt(1);
    const readsBefore = store.reads;

    await idsFrom(cached.readerAt(1), 'topic:1:a', 0, 10);
    expect(store.reads).toBeGreaterThan(readsBefore);
  });
});
