import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { LOGGER, SERVICE_CONFIG, ServiceRuntime, type Logger, type ServiceParts, type Started } from '@zulip-es/platform';
import type { PushConfig } from '../config';
import { REGISTRATION_QUEUE, REGISTRATION_WORKER_OPTIONS, registrationJobs, type RegistrationJobs } from './registration-jobs';

/**
 * The registration queue's worker, run once the service serves where there is a bouncer to work
 * for (`PUSH_BOUNCER_URL`): see `registrationJobs`.
 */
@Processor(REGISTRATION_QUEUE, { autorun: false, ...REGISTRATION_WORKER_OPTIONS })
export class RegistrationProcessor extends WorkerHost implements OnModuleInit {
  /** There while the service serves. */
  private jobs?: RegistrationJobs;

  constructor(
    private readonly runtime: ServiceRuntime,
    @Inject(SERVICE_CONFIG) private readonly config: PushConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): void {
    if (this.config.PUSH_BOUNCER_URL) this.runtime.onceServing((parts) => this.start(parts));
  }

  process(job: Job): Promise<unknown> {
    if (!this.jobs) throw new Error('the push service is not serving');
    return this.jobs.run(job);
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.logger.warn({ jobId: job?.id, attemptsMade: job?.attemptsMade, err: error }, 'push job not done yet');
  }

  /** Redis errors of the worker's connections (it reconnects by itself): logged, never thrown at the process. */
  @OnWorkerEvent('error')
  error(error: Error): void {
    this.logger.warn({ err: error }, 'push registration worker: Redis error');
  }

  private async start(parts: ServiceParts): Promise<Started> {
    const { config, worker } = this;
    const jobs = await registrationJobs(parts.kafka, {
      bouncer: { ...config, PUSH_BOUNCER_URL: config.PUSH_BOUNCER_URL! },
      instanceId: config.INSTANCE_ID,
      logLevel: config.LOG_LEVEL,
    });
    this.jobs = jobs;
    worker.run().catch((error: Error) => worker.emit('error', error));
    return {
      async stop() {
        await worker.close();
        await jobs.stop();
      },
    };
  }
}
