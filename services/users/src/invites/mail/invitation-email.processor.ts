import { Inject } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { LOGGER, SERVICE_CONFIG, type Logger } from '@zulip-es/platform';
import type { UsersConfig } from '../../config';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { INVITATION_EMAIL_QUEUE } from './invitation-email.job';
import { sendInvitationEmail } from './invitation-email.worker';
import { MAILER, type Mailer, type SendOutcome } from './mailer';

/**
 * The worker of the invitation email queue: four emails at a time. It takes jobs only once the
 * service serves (InvitationMail runs it), never in a process that only rebuilds.
 */
@Processor(INVITATION_EMAIL_QUEUE, { autorun: false, concurrency: 4 })
export class InvitationEmailProcessor extends WorkerHost {
  constructor(
    @Inject(USERS_DEPS) private readonly deps: UsersDeps,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  process(job: Job): Promise<SendOutcome> {
    return sendInvitationEmail(job.id!, job.data, { repo: this.deps.repo, mailer: this.mailer, config: this.config });
  }

  @OnWorkerEvent('completed')
  completed(job: Job, outcome: SendOutcome): void {
    this.logger.info({ jobId: job.id, outcome, via: this.mailer.description }, 'invitation email done');
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.logger.warn({ jobId: job?.id, err: error, attempts: job?.attemptsMade }, 'invitation email failed');
  }

  /** Redis errors of the worker's connections (it reconnects by itself): logged, never thrown at the process. */
  @OnWorkerEvent('error')
  error(error: Error): void {
    this.logger.warn({ err: error }, 'invitation email worker: Redis error');
  }
}
