import { mongo } from 'mongoose';
import { bsonCopy } from './bson-copy';

const roundTrip = <T extends object>(doc: T): T => mongo.BSON.deserialize(mongo.BSON.serialize(doc)) as T;

describe('bsonCopy: a document as the store gives it back', () => {
  const doc = () => ({
    _id: 'message:1',
    text: 'héllo',
    count: 3,
    ratio: 1.5,
    large: 2 ** 40,
    flag: false,
    nothing: null,
    missing: undefined,
    list: [1, undefined, 'x', { nested: [true, null] }],
    at: new Date(1_700_000_000_000),
    chunk: Buffer.from([1, 0, 0, 0]),
    bytes: new Uint8Array([2, 0]),
    binary: new mongo.Binary(Buffer.from([3])),
    objectId: new mongo.ObjectId('656565656565656565656565'),
    big: 10n,
    deep: { a: { b: { c: [{ d: 'e' }] } } },
  });

  it('equals what a BSON round trip through the driver makes of it', () => {
    expect(bsonCopy(doc())).toStrictEqual(roundTrip(doc()));
  });

  it('shares nothing mutable with the original', () => {
    const original = doc();
    const copy = bsonCopy(original);
    original.list.push(9);
    original.deep.a.b.c[0].d = 'changed';
    original.chunk[0] = 7;
    original.at.setTime(0);
    expect(copy).toStrictEqual(roundTrip(doc()));
  });
});
