import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createKafka, createLogger, StackEndpointsSchema } from '@zulip-es/platform';
import { startRegistrationWorker } from './registration-worker';

/**
 * A registration worker alone in a process, which a test can kill in the middle of a job
 * (registration-worker-killed.int.spec.ts runs it with tsx): it works the queue
 * `PUSH_REGISTRATION_QUEUE` against the bouncer the environment names, and says "ready" over IPC.
 */
async function main(): Promise<void> {
  const env = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('registration-worker-child', 'silent');
  const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  await startRegistrationWorker(
    createKafka('registration-worker-child', env.KAFKA_BROKERS, logger),
    {
      connection,
      bouncer: {
        PUSH_BOUNCER_URL: process.env.PUSH_BOUNCER_URL!,
        PUSH_BOUNCER_SERVER_UUID: process.env.PUSH_BOUNCER_SERVER_UUID!,
        PUSH_BOUNCER_API_KEY: process.env.PUSH_BOUNCER_API_KEY!,
      },
      instanceId: `child-${randomUUID()}`,
      logLevel: 'silent',
      queueName: process.env.PUSH_REGISTRATION_QUEUE,
    },
    logger,
  );
  process.send?.('ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
