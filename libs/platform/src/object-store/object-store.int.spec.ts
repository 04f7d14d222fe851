import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { ObjectStore } from './object-store';

describe('the uploads bucket', () => {
  const store = new ObjectStore(StackEndpointsSchema.parse(process.env));
  const run = randomBytes(4).toString('hex');
  const key = (name: string) => `test/${run}/${name}`;
  /** `bytes` random bytes, delivered in chunks of 64 KiB as a request body would be. */
  const body = (bytes: Buffer): Readable =>
    Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
      })(),
    );

  it('stores a small file in one piece and reads it back whole or by range', async () => {
    const bytes = randomBytes(100_000);
    expect(await store.put(key('small.bin'), body(bytes), 'application/octet-stream')).toBe(100_000);

    expect(await store.stat(key('small.bin'))).toEqual({ size: 100_000, contentType: 'application/octet-stream' });
    expect((await buffer(await store.read(key('small.bin')))).equals(bytes)).toBe(true);
    expect((await buffer(await store.read(key('small.bin'), { offset: 10, length: 20 }))).equals(bytes.subarray(10, 30))).toBe(true);
  });

  it('stores a file larger than a part in parts, byte for byte; also one of whole parts only', async () => {
    for (const [name, size] of [
      ['large.bin', 17 * 1024 * 1024 + 17],
      ['two-parts.bin', 10 * 1024 * 1024],
    ] as const) {
      const bytes = randomBytes(size);
      expect(await store.put(key(name), body(bytes), 'image/png')).toBe(bytes.length);

      expect(await store.stat(key(name))).toEqual({ size: bytes.length, contentType: 'image/png' });
      expect((await buffer(await store.read(key(name)))).equals(bytes)).toBe(true);
    }
  });

  it('stores nothing when the body fails half-way, before the first part, after it, or after the second', async () => {
    for (const [name, failAt] of [
      ['early.bin', 1_000_000],
      ['late.bin', 7 * 1024 * 1024],
      ['later.bin', 12 * 1024 * 1024],
    ] as const) {
      let seen = 0;
      const failing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          done(seen > failAt ? new Error('too large') : null, chunk);
        },
      });
      await expect(store.put(key(name), body(randomBytes(16 * 1024 * 1024)).pipe(failing), 'application/octet-stream')).rejects.toThrow(
        'too large',
      );
      expect(await store.stat(key(name))).toBeNull();
    }
  });

  it('removes an object, and removing it again is no error', async () => {
    await store.put(key('gone.txt'), body(Buffer.from('zulip!')), 'text/plain');
    await store.remove(key('gone.txt'));
    await store.remove(key('gone.txt'));
    expect(await store.stat(key('gone.txt'))).toBeNull();
  });
  it('lists its objects with when they were written', async () => {
    const before = new Date(Date.now() - 2_000);
    await store.put(key('listed/a.txt'), body(Buffer.from('a')), 'text/plain');
    await store.put(key('listed/b.txt'), body(Buffer.from('b')), 'text/plain');
    const listed = [];
    for await (const object of store.list(key('listed/'))) listed.push(object);
    expect(listed.map((o) => o.key)).toEqual([key('listed/a.txt'), key('listed/b.txt')]);
    for (const object of listed) expect(object.lastModified.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });
});
