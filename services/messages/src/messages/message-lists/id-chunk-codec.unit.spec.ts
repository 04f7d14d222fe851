import { decodeIds, encodeIds } from './id-chunk-codec';

describe('a chunk of message ids as stored', () => {
  it('decodes to the ids encoded, in their order', () => {
    const ids = [1, 2, 3, 999_999, 2 ** 31 + 5, 2 ** 32 - 1];
    expect(decodeIds(encodeIds(ids))).toEqual(ids);
  });

  it('takes four bytes per id and encodes an empty chunk as empty', () => {
    expect(encodeIds([7, 8]).buffer.length).toBe(8);
    expect(decodeIds(encodeIds([]))).toEqual([]);
  });

  it('refuses ids that do not fit in 32 bits rather than storing another id', () => {
    expect(() => encodeIds([2 ** 32])).toThrow(/out of range/);
    expect(() => encodeIds([-1])).toThrow(/out of range/);
  });
});
