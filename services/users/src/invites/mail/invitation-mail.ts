import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { HealthProbes, LOGGER, ServiceRuntime, type Logger, type ServiceParts, type Started } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { INVITATION_EMAIL_QUEUE } from './invitation-email.job';
import { InvitationEmailProcessor } from './invitation-email.processor';
import { InvitationEmailRelay } from './invitation-email.relay';
import { MAILER, type Mailer } from './mailer';

/**
 * Invitation emails, once the service serves: the relay from `users.events` to the BullMQ queue,
 * and the worker that mails. Whether mail can go out is part of the health answer (`mail`).
 */
@Injectable()
export class InvitationMail implements OnModuleInit {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly probes: HealthProbes,
    private readonly processor: InvitationEmailProcessor,
    @InjectQueue(INVITATION_EMAIL_QUEUE) private readonly queue: Queue,
    @Inject(USERS_DEPS) private readonly deps: UsersDeps,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.probes.add('mail', () => this.mailer.check());
    this.runtime.onceServing((parts) => this.start(parts));
  }

  private async start({ kafka }: ServiceParts): Promise<Started> {
    const { worker } = this.processor;
    // Resolves only once the worker is closed.
    worker.run().catch((error: unknown) => this.logger.error({ err: error }, 'invitation email worker stopped'));
    const relay = new InvitationEmailRelay(kafka, this.queue, this.deps.repo, this.logger);
    await relay.start();
    this.logger.info({ mail: this.mailer.description }, 'invitation emails: relay and worker started');
    return {
      stop: async () => {
        await relay.stop();
        await worker.close();
        this.mailer.close();
      },
    };
  }
}
