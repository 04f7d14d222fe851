// The driver's BSON package (one copy), imported without mongoose: the gateway loads this file but no database driver.
import { Binary, BSON } from 'bson';

/**
 * A deep copy of a document as the store would give it back: what a BSON round trip through the
 * driver makes of it (a Buffer becomes a `Binary`, a field holding `undefined` disappears, an
 * `undefined` array element becomes null, a bigint a number), without serializing the plain parts.
 * A rebuild copies every document it reads or writes, and the round trip cost more than the
 * projection's own work. Values of other classes (`Binary`, `ObjectId`, …) still take the round trip.
 */
export function bsonCopy<T extends object>(doc: T): T {
  return copyObject(doc as Record<string, unknown>) as T;
}

function copyObject(source: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value !== undefined && typeof value !== 'function' && typeof value !== 'symbol') copy[key] = copyValue(value);
  }
  return copy;
}

function copyValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'bigint':
      return Number(value);
    case 'object':
      if (Array.isArray(value)) return value.map(copyValue);
      if (value instanceof Date) return new Date(value.getTime());
      if (value instanceof Uint8Array) return new Binary(Uint8Array.prototype.slice.call(value));
      if (isPlain(value)) return copyObject(value as Record<string, unknown>);
      return BSON.deserialize(BSON.serialize({ value })).value;
    default:
      return null;
  }
}

const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};
