import type { DocumentCollection } from './document-collection';

type Versioned = { version: number };

/**
 * Replaces one aggregate's document by `evolve(current)` unless the document already stands at
 * `sequence` or later: an event delivered again (catch-up after a crash) changes nothing.
 * Returns whether the event was applied, for projections that keep side indexes.
 */
export async function applyToDocument<S extends Versioned>(
  collection: DocumentCollection<S & { _id: string }>,
  id: string,
  sequence: number,
  evolve: (current: S | null) => S,
): Promise<boolean> {
  const found = await collection.findOne({ _id: id });
  const current = found ? (withoutId(found) as unknown as S) : null;
  if (current && current.version >= sequence) return false;
  await collection.replaceOne({ _id: id }, evolve(current) as never, { upsert: true });
  return true;
}

/** A stored document as its state: without the store's `_id`. */
export function withoutId<T extends { _id: string }>(doc: T): Omit<T, '_id'> {
  const { _id, ...rest } = doc;
  void _id;
  return rest;
}
