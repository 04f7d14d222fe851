import type { DocumentCollection } from './document-collection';
import type { StoredDocument } from './document-schema';
import { withoutId } from './versioned-document';

/**
 * A change of a document that events of more than one Kafka key write (a topic's policies, which
 * every user's own commands and topic moves change): given the document as it stands (`rev`
 * included), the next one, or null when there is nothing to change.
 */
export type Revision<T extends StoredDocument> = (current: Omit<T, '_id'>) => Omit<T, '_id'> | null;

/** A document written by events of more than one Kafka key: `rev` counts its writes (see `reviseOne`). */
export interface Revised {
  rev: number;
}

/** A document's `rev` as stored: absent in one written before `rev` existed. */
const storedRevision = (doc: object | null): number | undefined => {
  const rev = (doc as { rev?: unknown } | null)?.rev;
  return typeof rev === 'number' ? rev : undefined;
};

const MAX_ATTEMPTS = 50;

/**
 * Applies `revisions` in turn to the stored document (or `initial()` where there is none) and
 * writes the result only over the revision it read (compare and set on `rev`); when another writer
 * came first, reads the newer document and applies them again.
 */
export async function reviseStored<T extends StoredDocument>(
  collection: Pick<DocumentCollection<T>, 'name' | 'findOne' | 'insertOne' | 'replaceOne'>,
  id: string,
  initial: () => Omit<T, '_id'>,
  revisions: readonly Revision<T>[],
): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const doc = await collection.findOne({ _id: id });
    const next = revised(doc, initial, revisions);
    if (!next) return;
    if (!doc) {
      try {
        await collection.insertOne({ ...next, _id: id } as T);
        return;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
        continue;
      }
    }
    // A document without `rev` is matched by its absence (the local store drops the connection on
    // a filter by an undefined value).
    const rev = storedRevision(doc) ?? { $exists: false };
    if ((await collection.replaceOne({ _id: id, rev }, next)).matchedCount === 1) return;
  }
  throw new Error(`${collection.name} ${id} kept changing under ${MAX_ATTEMPTS} attempts`);
}

/** The document after `revisions` (each seeing the one before), its `rev` one more; null if none changed it. */
export function revised<T extends StoredDocument>(
  doc: T | null,
  initial: () => Omit<T, '_id'>,
  revisions: readonly Revision<T>[],
): Omit<T, '_id'> | null {
  // One written before `rev` existed counts as revision 0.
  const rev = storedRevision(doc) ?? 0;
  let current: Omit<T, '_id'> = doc ? { ...withoutId(doc), rev } : initial();
  let changed = false;
  for (const revise of revisions) {
    const next = revise(current);
    if (next) [current, changed] = [next, true];
  }
  return changed ? { ...current, rev: rev + 1 } : null;
}
