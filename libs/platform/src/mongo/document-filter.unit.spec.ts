import { matchesFilter, sortedAndLimited } from './document-filter';

describe('filters evaluated in memory as the store evaluates them', () => {
  const doc = { _id: 'user:1', name: 'Ada', role: 100, tags: ['admin', 'bot'], deactivated: null };

  it('matches values, values held by an array, and null for a missing field', () => {
    expect(matchesFilter(doc, {})).toBe(true);
    expect(matchesFilter(doc, { name: 'Ada', role: 100 })).toBe(true);
    expect(matchesFilter(doc, { name: 'Bob' })).toBe(false);
    expect(matchesFilter(doc, { tags: 'bot' })).toBe(true);
    expect(matchesFilter(doc, { tags: ['admin', 'bot'] })).toBe(true);
    expect(matchesFilter(doc, { deactivated: null, missing: null })).toBe(true);
  });

  it('evaluates $in, $ne, $exists, ranges and $or', () => {
    expect(matchesFilter(doc, { _id: { $in: ['user:1', 'user:2'] } })).toBe(true);
    expect(matchesFilter(doc, { _id: { $in: [] } })).toBe(false);
    expect(matchesFilter(doc, { name: { $ne: 'Bob' } })).toBe(true);
    expect(matchesFilter(doc, { missing: { $exists: false }, name: { $exists: true } })).toBe(true);
    expect(matchesFilter(doc, { role: { $gte: 100, $lt: 200 } })).toBe(true);
    expect(matchesFilter(doc, { role: { $gt: '1' } })).toBe(false); // a number is not compared with a string
    expect(matchesFilter(doc, { $or: [{ name: 'Bob' }, { role: 100 }] })).toBe(true);
  });

  it('refuses operators it cannot evaluate rather than guess', () => {
    expect(() => matchesFilter(doc, { name: { $regex: 'A' } })).toThrow('$regex');
    expect(() => matchesFilter(doc, { 'profile.name': 'Ada' })).toThrow('profile.name');
  });

  it('sorts missing values first, limits, and projects like the store', () => {
    const docs = [{ _id: 'b', n: 2 }, { _id: 'a', n: 1 }, { _id: 'c' }];
    expect(sortedAndLimited(docs, { sort: { n: 1 } }).map((d) => d._id)).toEqual(['c', 'a', 'b']);
    expect(sortedAndLimited(docs, { sort: { n: -1 }, limit: 2 }).map((d) => d._id)).toEqual(['b', 'a']);
    expect(sortedAndLimited(docs, { sort: { _id: 1 }, limit: 1, projection: { n: 1 } })).toEqual([{ _id: 'a', n: 1 }]);
    expect(sortedAndLimited(docs, { sort: { _id: 1 }, limit: 1, projection: { _id: 0, n: 1 } })).toEqual([{ n: 1 }]);
    expect(sortedAndLimited(docs, { sort: { _id: 1 }, limit: 1, projection: { n: 0 } })).toEqual([{ _id: 'a' }]);
  });
});
