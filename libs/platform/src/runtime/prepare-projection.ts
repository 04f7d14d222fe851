import { projectionDatabase } from '../mongo/projection-databases';
import { PreviousProjection } from './previous-projection';
import { rebuildIfStale, type RebuildArgs } from './rebuild-projection';

/** What a start prepared: run it whenever partitions move to this instance, before its catch-up. */
export interface PreparedProjection {
  beforeCatchUp: () => Promise<void>;
}

/**
 * A start, before anything is decided: drops the projection databases of releases older than the
 * previous one, copies the previous release's command outcomes, and builds this version's
 * projection from the events if it is not complete, all while the previous release goes on
 * answering from its own database. `db` must be this version's (see projectionDatabase); `service`
 * names the databases.
 */
export async function prepareProjection(args: RebuildArgs & { service: string }): Promise<PreparedProjection> {
  const { db, service, projection, logger } = args;
  const version = projection.version ?? 0;
  if (db.name !== projectionDatabase(service, version))
    throw new Error(`${service}: database ${db.name} is not the one of projection version ${version}`);
  const previous = await PreviousProjection.open(db, service, version, logger);
  const beforeCatchUp = async (): Promise<void> => void (await previous?.copyOutcomes());
  await beforeCatchUp();
  await rebuildIfStale(args);
  return { beforeCatchUp };
}
