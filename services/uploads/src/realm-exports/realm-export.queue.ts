import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { SERVICE_CONFIG } from '@zulip-es/platform';
import type { UploadsConfig } from '../config';

export const REALM_EXPORT_QUEUE = 'uploads-realm-exports';
/** One job per export: adding it again while it waits, runs or retries changes nothing. */
export const realmExportJobId = (exportId: number): string => `realm-export-${exportId}`;
export interface RealmExportJobData {
  exportId: number;
}

/** Queues export jobs (the projection, once it applied an export's request; the worker, for exports still pending). */
@Injectable()
export class RealmExportJobs {
  private readonly attempts: number;

  constructor(
    @InjectQueue(REALM_EXPORT_QUEUE) private readonly queue: Queue<RealmExportJobData>,
    @Inject(SERVICE_CONFIG) config: UploadsConfig,
  ) {
    this.attempts = config.REALM_EXPORT_ATTEMPTS;
  }

  async enqueue(exportId: number): Promise<void> {
    // A finished job is kept a while (a second add of its id then changes nothing); one removed
    // and added again finds its export no longer pending and does nothing.
    await this.queue.add(
      'export',
      { exportId },
      {
        jobId: realmExportJobId(exportId),
        attempts: this.attempts,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { count: 100 },
        removeOnFail: { count: 100 },
      },
    );
  }

  /** Whether the export's job is there, and failed for good (its failure may not be recorded yet). */
  async jobState(exportId: number): Promise<'missing' | 'failed' | 'queued'> {
    const job = await this.queue.getJob(realmExportJobId(exportId));
    if (!job) return 'missing';
    return (await job.isFailed()) ? 'failed' : 'queued';
  }
}
