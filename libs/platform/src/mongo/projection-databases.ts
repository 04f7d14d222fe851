/**
 * A service's projection lives in a database named by its version (`users_p6`): a release that
 * projects events differently builds its own database from the events while the previous release
 * keeps deciding on its own, and the two never write the same documents.
 */
export function projectionDatabase(service: string, version: number): string {
  return `${service}_p${version}`;
}

/** The service's other projection databases a start finds on the server. */
export interface OlderProjections {
  /** The newest one older than this release's: the release being replaced, kept for a rollback. */
  previous?: string;
  /** Older than the previous one: nothing runs on them any more. */
  stale: string[];
}

/**
 * Among the server's database names, the service's projection databases older than `version`.
 * The database of releases before versioned names (named after the service alone) counts as the
 * oldest. Newer ones (left by a release rolled back from) are not touched.
 */
export function olderProjections(names: string[], service: string, version: number): OlderProjections {
  const pattern = new RegExp(`^${service}_p(\\d+)$`);
  const older = names
    .map((name) => ({ name, version: name === service ? -1 : Number(pattern.exec(name)?.[1] ?? NaN) }))
    .filter((db) => db.version < version)
    .sort((a, b) => b.version - a.version)
    .map((db) => db.name);
  const [previous, ...stale] = older;
  return previous === undefined ? { stale: [] } : { previous, stale };
}

/** The service's newest projection database among these names (what its current release runs on). */
export function newestProjection(names: string[], service: string): string | undefined {
  return olderProjections(names, service, Number.POSITIVE_INFINITY).previous;
}
