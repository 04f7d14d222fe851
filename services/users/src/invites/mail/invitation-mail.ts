import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { BackgroundWork, Logger, ServiceParts } from '@zulip-es/platform';
import type { UsersConfig } from '../../config';
import { UsersRepository } from '../../projection/users.repository';
import { INVITATION_EMAIL_QUEUE } from './invitation-email.job';
import { InvitationEmailRelay } from './invitation-email.relay';
import { sendInvitationEmail } from './invitation-email.worker';
import { createMailer } from './mailer';

/** The relay from `users.events` to the BullMQ queue, and the worker that mails. */
export async function startInvitationMail(parts: ServiceParts, config: UsersConfig, logger: Logger): Promise<BackgroundWork> {
  const connection = () => new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const [queueRedis, workerRedis, markRedis] = [connection(), connection(), connection()];
  const repo = new UsersRepository(parts.db);
  const mailer = createMailer(config, markRedis);
  const queue = new Queue(INVITATION_EMAIL_QUEUE, { connection: queueRedis });
  const worker = new Worker(INVITATION_EMAIL_QUEUE, async (job) => sendInvitationEmail(job.id!, job.data, { repo, mailer, config }), {
    connection: workerRedis,
    concurrency: 4,
  });
  worker.on('completed', (job, outcome) => logger.info({ jobId: job.id, outcome, via: mailer.description }, 'invitation email done'));
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, err: error, attempts: job?.attemptsMade }, 'invitation email failed'));
  const relay = new InvitationEmailRelay(parts.kafka, queue, repo, logger);
  await relay.start();
  logger.info({ mail: mailer.description }, 'invitation emails: relay and worker started');
  return {
    async stop() {
      await relay.stop();
      await worker.close();
      await queue.close();
      mailer.close();
      for (const redis of [queueRedis, workerRedis, markRedis]) redis.disconnect();
    },
  };
}
