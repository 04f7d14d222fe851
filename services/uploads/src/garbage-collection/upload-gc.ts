import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnModuleInit } from '@nestjs/common';
import { COLLECT_UNCLAIMED_UPLOADS, commandsTopic } from '@zulip-es/contracts';
import {
  createLogger,
  LOGGER,
  ObjectStore,
  RequestClient,
  SERVICE_CONFIG,
  ServiceRuntime,
  type Logger,
  type ServiceParts,
  type Started,
} from '@zulip-es/platform';
import type { Job, Queue } from 'bullmq';
import type { UploadsConfig } from '../config';
import { UPLOADS_DEPS, type UploadsDeps } from '../shared/uploads-deps';
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
 * by the job) answers its recorded outcome. Its worker runs once the service serves.
 */
// A run killed with its instance is taken over by another instance (or the restarted one)
// seconds after its lock expires, not BullMQ's default minute or more (a live run renews its
// lock); it may be taken over several times before it counts as failing.
@Processor(UPLOAD_GC_QUEUE, { autorun: false, concurrency: 1, lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 10 })
export class UploadGcProcessor extends WorkerHost implements OnModuleInit {
  /** Sends the service its own command; there while the service serves. */
  private client?: RequestClient;

  constructor(
    private readonly runtime: ServiceRuntime,
    @InjectQueue(UPLOAD_GC_QUEUE) private readonly queue: Queue,
    @Inject(UPLOADS_DEPS) private readonly deps: UploadsDeps,
    private readonly store: ObjectStore,
    @Inject(SERVICE_CONFIG) private readonly config: UploadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): void {
    this.runtime.onceServing((parts) => this.start(parts));
  }

  async process(job: Job): Promise<{ orphans: number; unclaimed: number }> {
    const orphans = await collectOrphanObjects(this.store, this.deps.repo, new Date(), this.config.UPLOAD_ORPHAN_GRACE_MS);
    const unclaimed = await this.collectUnclaimed(job);
    if (orphans + unclaimed > 0) this.logger.info({ orphans, unclaimed }, 'upload garbage collected');
    return { orphans, unclaimed };
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.logger.warn({ jobId: job?.id, err: error }, 'upload garbage collection failed');
  }

  /** Redis errors of the worker's connections (it reconnects by itself): logged, never thrown at the process. */
  @OnWorkerEvent('error')
  error(error: Error): void {
    this.logger.warn({ err: error }, 'upload garbage collection worker: Redis error');
  }

  private async collectUnclaimed(job: Job): Promise<number> {
    const client = this.client;
    if (!client) throw new Error('the uploads service is not serving');
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
      data: { uploadedBefore: new Date(job.timestamp - this.config.UPLOAD_UNCLAIMED_AFTER_MS).toISOString() },
    });
    if (!reply.ok) throw new Error(`collecting unclaimed uploads was refused: ${reply.error.code} ${reply.error.msg}`);
    return Number(reply.body.removed ?? 0);
  }

  private async start(parts: ServiceParts): Promise<Started> {
    const { config, worker } = this;
    const client = new RequestClient(parts.kafka, `uploads-gc-${config.INSTANCE_ID}`, createLogger('uploads-gc', config.LOG_LEVEL), {
      replyWaitMs: 500,
    });
    await client.start();
    this.client = client;
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: config.UPLOAD_GC_EVERY_MS },
      { name: 'collect', opts: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: 100, removeOnFail: 100 } },
    );
    worker.run().catch((error: Error) => worker.emit('error', error));
    return {
      async stop() {
        await worker.close();
        await client.stop();
      },
    };
  }
}
