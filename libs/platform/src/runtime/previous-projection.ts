import type { Connection, mongo } from 'mongoose';
import { OUTCOMES_COLLECTION } from '../event-store/command-outcomes';
import type { Logger } from '../logging/logger';
import { olderProjections } from '../mongo/projection-databases';

/** Outcomes read and written per round of a copy. */
const COPY_BATCH = 1_000;

/**
 * The projection database of the release this one replaces (see projectionDatabase). While the
 * new release builds its own, the previous one keeps answering commands and records the outcomes
 * of those that changed nothing (errors, no-ops), which no event can rebuild: they are copied over
 * before the build and again each time partitions move to this release, after the previous
 * release's instances have let go of them, so a command they handled and Kafka delivers again
 * gets the same answer here. Outcomes of commands with events are rebuilt from the events.
 */
export class PreviousProjection {
  private constructor(
    readonly name: string,
    private readonly from: mongo.Db,
    private readonly to: Connection,
    private readonly logger: Logger,
  ) {}

  /**
   * At start: drops the service's projection databases older than the previous one (no release
   * runs on them), and returns the previous one, if any.
   */
  static async open(db: Connection, service: string, version: number, logger: Logger): Promise<PreviousProjection | undefined> {
    const client = db.getClient();
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    const { previous, stale } = olderProjections(
      databases.map((d) => d.name),
      service,
      version,
    );
    for (const name of stale) {
      await client.db(name).dropDatabase();
      logger.info({ database: name }, 'projection database of an older release dropped');
    }
    return previous === undefined ? undefined : new PreviousProjection(previous, client.db(previous), db, logger);
  }

  /** Copies the outcomes still needed that this release's database lacks; resolves to how many. */
  async copyOutcomes(now = Date.now()): Promise<number> {
    const cursor = this.from
      .collection(OUTCOMES_COLLECTION)
      .find({ $or: [{ expiresAt: { $gte: now } }, { expiresAt: { $exists: false } }] })
      .batchSize(COPY_BATCH);
    const target = this.to.collection(OUTCOMES_COLLECTION);
    let copied = 0;
    let batch: mongo.AnyBulkWriteOperation[] = [];
    const write = async () => {
      if (batch.length === 0) return;
      // Only where missing: this release's own outcome of a command (rebuilt from its events, or
      // kept longer by a redelivery) is at least as recent.
      copied += (await target.bulkWrite(batch, { ordered: false })).upsertedCount;
      batch = [];
    };
    for await (const { _id, ...outcome } of cursor) {
      batch.push({ updateOne: { filter: { _id }, update: { $setOnInsert: outcome }, upsert: true } });
      if (batch.length >= COPY_BATCH) await write();
    }
    await write();
    if (copied > 0)
      this.logger.info({ from: this.name, outcomes: copied }, "command outcomes copied from the previous release's projection");
    return copied;
  }
}
