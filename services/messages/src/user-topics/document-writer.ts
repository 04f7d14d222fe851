import type { DocumentCollection } from '@zulip-es/platform';
import { withoutId } from '../projection/projector';

const MAX_ATTEMPTS = 50;
/** Writes under way per document within this process, so they queue instead of colliding. */
const queues = new Map<string, Promise<void>>();

/** A projection document written by events of more than one Kafka key; `rev` counts its writes. */
export interface Revised {
  rev: number;
}

/**
 * Changes one document by `evolve` (null: nothing to change). The user topic documents are
 * written by events of different keys (a user's own events and topic moves; for a topic's index,
 * every user's events), which are projected side by side: writes queue per document within the
 * process and replace only the revision they read (compare and set on `rev`), retrying when
 * another writer (another instance) came first.
 */
export function updateDocument<S extends Revised>(
  collection: DocumentCollection<S & { _id: string }>,
  id: string,
  initial: () => S,
  evolve: (current: S) => S | null,
): Promise<void> {
  const key = `${collection.name}:${id}`;
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(() => compareAndSet(collection, id, initial, evolve));
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

async function compareAndSet<S extends Revised>(
  collection: DocumentCollection<S & { _id: string }>,
  id: string,
  initial: () => S,
  evolve: (current: S) => S | null,
): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const doc = await collection.findOne({ _id: id });
    // A document written before `rev` existed counts as revision 0 (and is matched by its absence:
    // the local store drops the connection on a filter by an undefined value).
    const stored = doc ? (withoutId(doc) as unknown as S) : null;
    const rev = typeof stored?.rev === 'number' ? stored.rev : 0;
    const current = stored ? { ...stored, rev } : initial();
    const evolved = evolve(current);
    if (!evolved) return;
    const next = { ...evolved, rev: rev + 1 };
    if (!doc) {
      try {
        await collection.insertOne({ _id: id, ...next });
        return;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
        continue;
      }
    }
    const revision = typeof stored?.rev === 'number' ? rev : { $exists: false };
    const res = await collection.replaceOne({ _id: id, rev: revision }, next as never);
    if (res.matchedCount === 1) return;
  }
  throw new Error(`${collection.name} ${id} kept changing under ${MAX_ATTEMPTS} attempts`);
}
