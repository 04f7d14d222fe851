import { COLLECT_UNCLAIMED_UPLOADS, commandsTopic } from '@zulip-es/contracts';
import { createLogger, ObjectStore, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { UploadsConfig } from '../config';
import type { UploadsRepository } from '../projection/uploads.repository';
import { collectOrphanObjects } from './collect-orphan-objects';

export const UPLOAD_GC_QUEUE = 'uploads-garbage-collection';
/** The one repeatable job's scheduler: every instance upserts the same, so it runs once per period. */
const SCHEDULER_ID = 'collect-upload-garbage';

const COMMAND_WAIT_MS = 60_000;

/**
 * Upload garbage collection: a BullMQ repeatable job (every `UPLOAD_GC_EVERY_MS`), visible to
 * operators in Redis like the other queues. Each run removes bucket objects no attachment
 * records, and has the service remove uploads no message claimed within
 * `UPLOAD_UNCLAIMED_AFTER_MS` (a command, so the removals are events). A job killed half-way is
 * retried by BullMQ: the objects left are found again, and the command (its id and cutoff fixed
 * by the job) answers its recorded outcome.
 */
export async function startUploadGc(
  parts: ServiceParts,
  config: UploadsConfig,
  repo: UploadsRepository,
  logger: Logger,
): Promise<BackgroundWork> {
  const client = new RequestClient(parts.kafka, `uploads-gc-${config.INSTANCE_ID}`, createLogger('uploads-gc', config.LOG_LEVEL), {
    replyWaitMs: 500,
  });
  await client.start();
  const collectUnclaimed = async (job: Job): Promise<number> => {
    const reply = await client.request(commandsTopic('uploads'), {
      commandId: `gc-unclaimed:${job.id}`,
      type: COLLECT_UNCLAIMED_UPLOADS,
      kind: 'command',
      key: 'realm',
      correlationId: `gc:${job.id}`,
      actorId: null,
      deadline: Date.now() + COMMAND_WAIT_MS,
      replyTo: client.replyTo,
      after: [],
      data: { uploadedBefore: new Date(job.timestamp - config.UPLOAD_UNCLAIMED_AFTER_MS).toISOString() },
    });
    if (!reply.ok) throw new Error(`collecting unclaimed uploads was refused: ${reply.error.code} ${reply.error.msg}`);
    return Number(reply.body.removed ?? 0);
  };
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const store = new ObjectStore(config);
  const queue = new Queue(UPLOAD_GC_QUEUE, { connection });
  await queue.upsertJobScheduler(
    SCHEDULER_ID,
    { every: config.UPLOAD_GC_EVERY_MS },
    { name: 'collect', opts: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: 100, removeOnFail: 100 } },
  );
  const worker = new Worker(
    UPLOAD_GC_QUEUE,
    async (job) => {
      const orphans = await collectOrphanObjects(store, repo, new Date(), config.UPLOAD_ORPHAN_GRACE_MS);
      const unclaimed = await collectUnclaimed(job);
      if (orphans + unclaimed > 0) logger.info({ orphans, unclaimed }, 'upload garbage collected');
      return { orphans, unclaimed };
    },
    // A run killed with its instance is taken over by another instance (or the restarted one)
    // seconds after its lock expires, not BullMQ's default minute or more (a live run renews its
    // lock); it may be taken over several times before it counts as failing.
    { connection, concurrency: 1, lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 10 },
  );
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, err: error }, 'upload garbage collection failed'));
  return {
    async stop() {
      await worker.close();
      await queue.close();
      await client.stop();
      connection.disconnect();
    },
  };
}
