import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

export const REALM_EXPORT_QUEUE = 'uploads-realm-exports';
/** One job per export: adding it again while it waits, runs or retries changes nothing. */
export const realmExportJobId = (exportId: number): string => `realm-export-${exportId}`;
export interface RealmExportJobData {
  exportId: number;
}

/**
 * Queues export jobs (the projection, once it applied an export's request; the worker's start,
 * for exports still pending). Connects to Redis on first use only: a rebuild never queues.
 */
export class RealmExportJobs {
  private queue?: Queue;
  private redis?: Redis;

  constructor(
    private readonly redisUrl: string,
    private readonly attempts: number,
  ) {}

  private jobs(): Queue {
    if (!this.queue) {
      this.redis = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
      this.queue = new Queue(REALM_EXPORT_QUEUE, { connection: this.redis });
    }
    return this.queue;
  }

  async enqueue(exportId: number): Promise<void> {
    const data: RealmExportJobData = { exportId };
    // A finished job is kept a while (a second add of its id then changes nothing); one removed
    // and added again finds its export no longer pending and does nothing.
    await this.jobs().add('export', data, {
      jobId: realmExportJobId(exportId),
      attempts: this.attempts,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 100 },
    });
  }

  /** Whether the export's job is there, and failed for good (its failure may not be recorded yet). */
  async jobState(exportId: number): Promise<'missing' | 'failed' | 'queued'> {
    const job = await this.jobs().getJob(realmExportJobId(exportId));
    if (!job) return 'missing';
    return (await job.isFailed()) ? 'failed' : 'queued';
  }

  async close(): Promise<void> {
    await this.queue?.close();
    this.redis?.disconnect();
  }
}
