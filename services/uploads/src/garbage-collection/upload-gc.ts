import { ObjectStore, type BackgroundWork, type Logger } from '@zulip-es/platform';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { UploadsConfig } from '../config';
import type { UploadsRepository } from '../projection/uploads.repository';
import { collectOrphanObjects } from './collect-orphan-objects';

export const UPLOAD_GC_QUEUE = 'uploads-garbage-collection';
/** The one repeatable job's scheduler: every instance upserts the same, so it runs once per period. */
const SCHEDULER_ID = 'collect-upload-garbage';

/**
 * Upload garbage collection: a BullMQ repeatable job (every `UPLOAD_GC_EVERY_MS`), visible to
 * operators in Redis like the other queues. A job killed half-way is retried by BullMQ, and a
 * second run finds only what the first left.
 */
export async function startUploadGc(config: UploadsConfig, repo: UploadsRepository, logger: Logger): Promise<BackgroundWork> {
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const store = new ObjectStore(config);
  const queue = new Queue(UPLOAD_GC_QUEUE, { connection });
  await queue.upsertJobScheduler(SCHEDULER_ID, { every: config.UPLOAD_GC_EVERY_MS }, { name: 'collect', opts: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: 100, removeOnFail: 100 } });
  const worker = new Worker(
    UPLOAD_GC_QUEUE,
    async () => {
      const orphans = await collectOrphanObjects(store, repo, new Date(), config.UPLOAD_ORPHAN_GRACE_MS);
      if (orphans > 0) logger.info({ orphans }, 'removed upload objects no attachment records');
      return { orphans };
    },
    { connection, concurrency: 1 },
  );
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, err: error }, 'upload garbage collection failed'));
  return {
    async stop() {
      await worker.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
