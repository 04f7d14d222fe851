import type { Connection } from 'mongoose';
import type { EventStore } from '@zulip-es/platform';

export type ProjectionDump = Record<string, unknown[]>;

/** Kept beside a projection, not derived from the events alone. */
const NOT_PROJECTED = new Set(['command_outcomes', 'quarantined_events']);

/**
 * The collections of a service's projection: every one but the command outcomes (a refused
 * command leaves an outcome but no event) and the quarantine, so an area's new collection is
 * compared without being listed.
 */
export async function projectedCollections(db: Connection): Promise<string[]> {
  return (await db.db!.listCollections().toArray())
    .map((c) => c.name)
    .filter((n) => !NOT_PROJECTED.has(n))
    .sort();
}

/** Every document of `names`, in `_id` order, without the fields `omit` names. */
export async function dumpProjection(db: Connection, names: readonly string[], omit: readonly string[] = []): Promise<ProjectionDump> {
  const out: ProjectionDump = {};
  for (const name of names) {
    out[name] = (await db.collection(name).find({}).sort({ _id: 1 }).toArray()).map((doc) =>
      Object.fromEntries(Object.entries(doc).filter(([field]) => !omit.includes(field))),
    );
  }
  return out;
}

/**
 * A rebuilt copy and the live projection, dumped once both stand at the same offsets: other tests
 * keep writing, so the copy's `store` catches up until the two agree, or six seconds pass.
 */
export async function dumpsWhenCaughtUp(
  live: Connection,
  rebuiltDb: Connection,
  store: Pick<EventStore, 'catchUp'>,
  names: readonly string[],
  omit: readonly string[] = [],
): Promise<{ rebuilt: ProjectionDump; current: ProjectionDump }> {
  let rebuilt = await dumpProjection(rebuiltDb, names, omit);
  let current = await dumpProjection(live, names, omit);
  for (let i = 0; i < 30 && JSON.stringify(rebuilt) !== JSON.stringify(current); i++) {
    await new Promise((r) => setTimeout(r, 200));
    await store.catchUp();
    [rebuilt, current] = [await dumpProjection(rebuiltDb, names, omit), await dumpProjection(live, names, omit)];
  }
  return { rebuilt, current };
}
