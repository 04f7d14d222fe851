import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import {
  createLogger,
  LOGGER,
  RequestClient,
  SERVICE_CONFIG,
  ServiceRuntime,
  type Logger,
  type ServiceParts,
  type Started,
} from '@zulip-es/platform';
import type { MessagesConfig } from '../../config';
import { TOPIC_DELETION_QUEUE } from './topic-deletion.job';
import { runTopicDeletion } from './topic-deletion.worker';

/**
 * The worker of topic deletion jobs, four at a time, run once the service serves. A short lock
 * (renewed every half of it while the worker is alive) lets another or a restarted instance take
 * over a killed worker's job within seconds.
 */
@Processor(TOPIC_DELETION_QUEUE, { autorun: false, concurrency: 4, lockDuration: 6_000, stalledInterval: 3_000, maxStalledCount: 10 })
export class TopicDeletionProcessor extends WorkerHost implements OnModuleInit {
  /** Sends the batch commands; there while the service serves. */
  private client?: RequestClient;

  constructor(
    private readonly runtime: ServiceRuntime,
    @Inject(SERVICE_CONFIG) private readonly config: MessagesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): void {
    this.runtime.onceServing((parts) => this.start(parts));
  }

  process(job: Job): Promise<{ batches: number; deleted: number }> {
    if (!this.client) throw new Error('the messages service is not serving');
    return runTopicDeletion(job, this.client, this.logger);
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.logger.warn({ jobId: job?.id, err: error, attempts: job?.attemptsMade }, 'topic deletion failed');
  }

  /** Redis errors of the worker's connections (it reconnects by itself): logged, never thrown at the process. */
  @OnWorkerEvent('error')
  error(error: Error): void {
    this.logger.warn({ err: error }, 'topic deletion worker: Redis error');
  }

  private async start({ kafka }: ServiceParts): Promise<Started> {
    const { config, worker } = this;
    const client = new RequestClient(
      kafka,
      `messages-topics-${config.INSTANCE_ID}`,
      createLogger('messages-topic-deletion', config.LOG_LEVEL),
    );
    await client.start();
    this.client = client;
    // Resolves only once the worker is closed.
    worker.run().catch((error: Error) => worker.emit('error', error));
    return {
      async stop() {
        await worker.close();
        await client.stop();
      },
    };
  }
}
