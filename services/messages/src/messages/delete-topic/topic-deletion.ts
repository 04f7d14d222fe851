import { createLogger, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagesConfig } from '../../config';
import { TOPIC_DELETION_QUEUE } from './topic-deletion.job';
import { runTopicDeletion } from './topic-deletion.worker';

/**
 * The worker of topic deletion jobs. A short lock (renewed every half of it while the worker is
 * alive) lets another or a restarted instance take over a killed worker's job within seconds.
 */
export async function startTopicDeletion(parts: ServiceParts, config: MessagesConfig, logger: Logger): Promise<BackgroundWork> {
  const client = new RequestClient(
    parts.kafka,
    `messages-topics-${config.INSTANCE_ID}`,
    createLogger('messages-topic-deletion', config.LOG_LEVEL),
  );
  await client.start();
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const worker = new Worker(TOPIC_DELETION_QUEUE, (job) => runTopicDeletion(job, client, logger), {
    connection: redis,
    concurrency: 4,
    lockDuration: 6_000,
    stalledInterval: 3_000,
    maxStalledCount: 10,
  });
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, err: error, attempts: job?.attemptsMade }, 'topic deletion failed'));
  return {
    async stop() {
      await worker.close();
      await client.stop();
      redis.disconnect();
    },
  };
}
