import {
  commandsTopic,
  DELIVER_SCHEDULED_MESSAGE,
  EventEnvelope,
  eventsTopic,
  ScheduledMessage,
  type DeliverScheduledMessage,
} from '@zulip-es/contracts';
import { createLogger, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { MessagesConfig } from '../../config';

export const SCHEDULED_DELIVERY_QUEUE = 'messages-scheduled-delivery';
const REPLY_WAIT_MS = 30_000;

/** One job per message and time: an edit to another time adds another job, and the old one finds the message no longer due. */
const jobId = (delivery: DeliverScheduledMessage): string => `deliver-${delivery.scheduledMessageId}-${delivery.deliverAt}`;

/**
 * Delivers scheduled messages and reminders at their time, exactly once, across restarts.
 *
 * - The scheduler reads `messages.events` with its own committed offsets: each scheduled or
 *   rescheduled message becomes a BullMQ job delayed until its time (Redis keeps it across
 *   restarts). An event read again (a crash before its offset was committed) adds a job of the
 *   same id, which BullMQ ignores.
 * - The worker sends `scheduled_message.deliver` (key `realm`) with a command id of the message
 *   and its time: a job run twice (a crash before BullMQ recorded it done) answers the outcome
 *   recorded the first time, so the message is sent once. The command decides from the projection
 *   whether the message is still due.
 */
export async function startScheduledDelivery(parts: ServiceParts, config: MessagesConfig, logger: Logger): Promise<BackgroundWork> {
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(SCHEDULED_DELIVERY_QUEUE, { connection: redis });
  const client = new RequestClient(
    parts.kafka,
    `messages-scheduled-${config.INSTANCE_ID}`,
    createLogger('messages-scheduled-delivery', config.LOG_LEVEL),
  );
  await client.start();

  const deliver = async (job: Job) => {
    const delivery = job.data as DeliverScheduledMessage;
    const reply = await client.request(commandsTopic('messages'), {
      commandId: `deliver-scheduled:${delivery.scheduledMessageId}:${delivery.deliverAt}`,
      type: DELIVER_SCHEDULED_MESSAGE,
      kind: 'command',
      key: 'realm',
      correlationId: String(job.id),
      actorId: null,
      deadline: Date.now() + REPLY_WAIT_MS,
      replyTo: client.replyTo,
      after: [],
      data: delivery,
    });
    if (!reply.ok) logger.warn({ jobId: job.id, error: reply.error }, 'scheduled delivery refused');
    return reply.ok ? reply.body : null;
  };
  const worker = new Worker(SCHEDULED_DELIVERY_QUEUE, deliver, {
    connection: redis.duplicate(),
    concurrency: 4,
    lockDuration: 10_000,
    stalledInterval: 5_000,
  });
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, err: error, attempts: job?.attemptsMade }, 'scheduled delivery failed'),
  );

  const consumer = parts.kafka.consumer({
    groupId: 'messages-scheduled-delivery',
    maxWaitTimeInMs: 500,
    sessionTimeout: 10_000,
    heartbeatInterval: 1_000,
  });
  await consumer.connect();
  await consumer.subscribe({ topic: eventsTopic('messages'), fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const type = message.headers?.type?.toString();
      if (!message.value || (type !== 'scheduled_message.created.v1' && type !== 'scheduled_message.edited.v1')) return;
      const scheduled = ScheduledMessage.parse(EventEnvelope.parse(JSON.parse(message.value.toString())).data);
      const delivery: DeliverScheduledMessage = { scheduledMessageId: scheduled.scheduledMessageId, deliverAt: scheduled.deliverAt };
      const delay = Math.max(0, scheduled.deliverAt * 1000 - Date.now());
      await queue.add('deliver', delivery, {
        jobId: jobId(delivery),
        delay,
        attempts: 20,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: false,
      });
    },
  });

  return {
    async stop() {
      await consumer.disconnect();
      await worker.close();
      await queue.close();
      await client.stop();
      redis.disconnect();
    },
  };
}
