import { decodeChunkRefs, decodeIds, encodeChunkRefs, encodeIds } from './id-chunk-codec';

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

describe('a list head\'s chunk references as stored', () => {
  it('decodes to the references encoded, in their order', () => {
    const refs = [
      { no: 1, firstId: 1, lastId: 1_000, count: 1_000 },
      { no: 7, firstId: 1_001, lastId: 2 ** 32 - 1, count: 3 },
    ];
    expect(decodeChunkRefs(encodeChunkRefs(refs))).toEqual(refs);
  });

  it('takes sixteen bytes per reference and encodes a head of no chunk as empty', () => {
    expect(encodeChunkRefs([{ no: 1, firstId: 5, lastId: 5, count: 1 }]).buffer.length).toBe(16);
    expect(decodeChunkRefs(encodeChunkRefs([]))).toEqual([]);
  });

  it('refuses numbers that do not fit in 32 bits rather than storing others', () => {
    expect(() => encodeChunkRefs([{ no: 1, firstId: 1, lastId: 2 ** 32, count: 2 }])).toThrow(/out of range/);
  });
});
