import { decodeChunkRefs, decodeIds, decodeTags, encodeChunkRefs, encodeIds, encodeTags } from './id-chunk-codec';

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

describe("a list head's chunk references as stored", () => {
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

describe("a tagged chunk's tags as stored", () => {
  it('decodes to the tags encoded, each distinct tag stored once', () => {
    const tags = ['7 lunch', '7 lunch', '8* dinner', '', '7 lunch', '9w ünïcödé topic'];
    const stored = encodeTags(tags);
    expect(stored.tagTable.split('\u0000')).toEqual(['7 lunch', '8* dinner', '', '9w ünïcödé topic']);
    expect(stored.tagIndex.buffer.length).toBe(tags.length * 2);
    expect(decodeTags(stored)).toEqual(tags);
  });

  it('reads tags stored as one text, as chunks were written before the table', () => {
    expect(decodeTags('7 lunch\u00008 dinner')).toEqual(['7 lunch', '8 dinner']);
    expect(decodeTags('')).toEqual(['']);
  });

  it('encodes a chunk of distinct tags as large as a chunk gets', () => {
    const tags = Array.from({ length: 1_000 }, (_, i) => `${i} topic ${i}`);
    expect(decodeTags(encodeTags(tags))).toEqual(tags);
  });
});
