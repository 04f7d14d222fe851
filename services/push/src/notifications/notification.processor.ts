import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { LOGGER, ServiceRuntime, withLogContext, type Logger, type Started } from '@zulip-es/platform';
import { PUSH_DEPS, type PushDeps } from '../shared/push-deps';
import { NOTIFICATION_QUEUE, notifyRecipient, type NotifyJob } from './notification-jobs';

/**
 * The notification queue's worker (sixteen jobs at a time), run once the service serves where
 * there is a bouncer to push through: see `notifyRecipient`.
 */
@Processor(NOTIFICATION_QUEUE, { autorun: false, concurrency: 16 })
export class NotificationProcessor extends WorkerHost implements OnModuleInit {
  constructor(
    private readonly runtime: ServiceRuntime,
    @Inject(PUSH_DEPS) private readonly deps: PushDeps,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): void {
    if (this.deps.bouncer && this.deps.removals) this.runtime.onceServing(() => this.start());
  }

  async process(job: Job<NotifyJob>): Promise<void> {
    const { bouncer, removals } = this.deps;
    if (!bouncer || !removals) throw new Error('the push service has no bouncer');
    const { correlationId, userId, message } = job.data;
    const work = async () => {
      const devices = await notifyRecipient({ ...this.deps, bouncer, removals }, job);
      if (devices > 0) this.logger.info({ recipientId: userId, messageId: message.messageId, devices }, 'push notification sent');
    };
    await (correlationId ? withLogContext({ correlationId }, work) : work());
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.logger.warn({ jobId: job?.id, attemptsMade: job?.attemptsMade, err: error }, 'push notification not sent');
  }

  /** Redis errors of the worker's connections (it reconnects by itself): logged, never thrown at the process. */
  @OnWorkerEvent('error')
  error(error: Error): void {
    this.logger.warn({ err: error }, 'push notification worker: Redis error');
  }

  private async start(): Promise<Started> {
    const { worker } = this;
    worker.run().catch((error: Error) => worker.emit('error', error));
    return { stop: () => worker.close() };
  }
}
