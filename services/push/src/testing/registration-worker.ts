import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kafka } from 'kafkajs';
import type { Started, Logger } from '@zulip-es/platform';
import type { BouncerClientConfig } from '../registration/bouncer-client';
import { REGISTRATION_QUEUE, REGISTRATION_WORKER_OPTIONS, registrationJobs } from '../registration/registration-jobs';

/**
 * A registration worker outside the service, as the service's `RegistrationProcessor` runs it
 * (the same jobs and worker options), on a queue of the test's own: for tests that kill one in
 * the middle of a job or watch its retries.
 */
export async function startRegistrationWorker(
  kafka: Kafka,
  options: { connection: Redis; bouncer: BouncerClientConfig; instanceId: string; logLevel: string; queueName?: string },
  logger: Logger,
): Promise<Started> {
  const jobs = await registrationJobs(kafka, options);
  const worker = new Worker(options.queueName ?? REGISTRATION_QUEUE, (job) => jobs.run(job), {
    connection: options.connection,
    ...REGISTRATION_WORKER_OPTIONS,
  });
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attemptsMade: job?.attemptsMade, err: error }, 'push job not done yet'),
  );
  return {
    async stop() {
      await worker.close();
      await jobs.stop();
    },
  };
}
