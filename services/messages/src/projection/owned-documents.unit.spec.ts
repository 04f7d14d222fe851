import { OwnedDocuments } from './owned-documents';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('documents kept by the owner of key realm', () => {
  it('loads a document once, then answers it from memory', async () => {
    const docs = new OwnedDocuments();
    const load = jest.fn(async () => ({ n: 1 }));
    expect(await docs.read('a', load)).toEqual({ n: 1 });
    expect(await docs.read('a', load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep an absent document: a client may name any number of channels that do not exist', async () => {
    const docs = new OwnedDocuments();
    expect(await docs.read('a', async () => null)).toBeNull();
    expect(await docs.read('a', async () => ({ n: 1 }))).toEqual({ n: 1 });
  });

  it('answers copies: a caller changing what it got changes nothing kept', async () => {
    const docs = new OwnedDocuments();
    const first = await docs.read('a', async () => ({ ids: [1] }));
    first.ids.push(2);
    const again = await docs.read('a', async () => ({ ids: [9] }));
    again.ids.push(3);
    expect(await docs.read('a', async () => ({ ids: [9] }))).toEqual({ ids: [1] });
  });

  it('after a write without the new content, loads the document again', async () => {
    const docs = new OwnedDocuments();
    await docs.read('a', async () => 1);
    await docs.write('a', async () => undefined);
    expect(await docs.read('a', async () => 2)).toBe(2);
  });

  it('after a write with the new content, answers it without loading', async () => {
    const docs = new OwnedDocuments();
    await docs.read('a', async () => ({ version: 1, last: 10 }));
    await docs.write<{ version: number; last: number }>(
      'a',
      async () => undefined,
      (kept) => kept && { ...kept, version: 2 },
    );
    const load = jest.fn(async () => ({ version: 0, last: 0 }));
    expect(await docs.read('a', load)).toEqual({ version: 2, last: 10 });
    expect(load).not.toHaveBeenCalled();
  });

  it('does not keep a load that a write overlapped: it may hold the content from before the write', async () => {
    const docs = new OwnedDocuments();
    const stored = deferred<number>();
    const reading = docs.read('a', () => stored.promise);
    await docs.write('a', async () => undefined);
    stored.resolve(1);
    expect(await reading).toBe(1);
    expect(await docs.read('a', async () => 2)).toBe(2);
  });

  it('keeps nothing of a failed write', async () => {
    const docs = new OwnedDocuments();
    await docs.read('a', async () => 1);
    await expect(
      docs.write(
        'a',
        async () => Promise.reject(new Error('store down')),
        () => 5,
      ),
    ).rejects.toThrow('store down');
    expect(await docs.read('a', async () => 2)).toBe(2);
  });

  it('forgets everything, and a load under way when it does is not kept', async () => {
    const docs = new OwnedDocuments();
    await docs.read('a', async () => 1);
    const stored = deferred<number>();
    const reading = docs.read('b', () => stored.promise);
    docs.forget();
    stored.resolve(1);
    await reading;
    expect(await docs.read('a', async () => 2)).toBe(2);
    expect(await docs.read('b', async () => 2)).toBe(2);
  });
});
