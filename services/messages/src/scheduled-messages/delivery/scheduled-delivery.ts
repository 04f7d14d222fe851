import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import type { Consumer, Kafka } from 'kafkajs';
import {
  commandsTopic,
  DELIVER_SCHEDULED_MESSAGE,
  EventEnvelope,
  eventsTopic,
  ScheduledMessage,
  type DeliverScheduledMessage,
} from '@zulip-es/contracts';
import {
  createLogger,
  LOGGER,
  RequestClient,
  SERVICE_CONFIG,
  ServiceRuntime,
  type Logger,
  type ReplyBody,
  type ServiceParts,
  type Started,
} from '@zulip-es/platform';
import type { MessagesConfig } from '../../config';

export const SCHEDULED_DELIVERY_QUEUE = 'messages-scheduled-delivery';
const REPLY_WAIT_MS = 30_000;

/** One job per message and time: an edit to another time adds another job, and the old one finds the message no longer due. */
const jobId = (delivery: DeliverScheduledMessage): string => `deliver-${delivery.scheduledMessageId}-${delivery.deliverAt}`;

/**
 * Delivers scheduled messages and reminders at their time, exactly once, across restarts; run
 * once the service serves.
 *
 * - The scheduler reads `messages.events` with its own committed offsets: each scheduled or
 *   rescheduled message becomes a BullMQ job delayed until its time (Redis keeps it across
 *   restarts). An event read again (a crash before its offset was committed) adds a job of the
 *   same id, which BullMQ ignores.
 * - The worker (four at a time) sends `scheduled_message.deliver` (key `realm`) with a command id
 *   of the message and its time: a job run twice (a crash before BullMQ recorded it done)
 *   answers the outcome recorded the first time, so the message is sent once. The command
 *   decides from the projection whether the message is still due.
 */
@Processor(SCHEDULED_DELIVERY_QUEUE, { autorun: false, concurrency: 4, lockDuration: 10_000, stalledInterval: 5_000 })
export class ScheduledDeliveryProcessor extends WorkerHost implements OnModuleInit {
  /** Sends the delivery commands; there while the service serves. */
  private client?: RequestClient;

  constructor(
    private readonly runtime: ServiceRuntime,
    @InjectQueue(SCHEDULED_DELIVERY_QUEUE) private readonly queue: Queue<DeliverScheduledMessage>,
    @Inject(SERVICE_CONFIG) private readonly config: MessagesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): void {
    this.runtime.onceServing((parts) => this.start(parts));
  }

  async process(job: Job<DeliverScheduledMessage>): Promise<ReplyBody | null> {
    const { client } = this;
    if (!client) throw new Error('the messages service is not serving');
    const delivery = job.data;
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
    if (!reply.ok) this.logger.warn({ jobId: job.id, error: reply.error }, 'scheduled delivery refused');
    return reply.ok ? reply.body : null;
  }

  @OnWorkerEvent('failed')
  failed(job: Job | undefined, error: Error): void {
    this.logger.warn({ jobId: job?.id, err: error, attempts: job?.attemptsMade }, 'scheduled delivery failed');
  }

  /** Redis errors of the worker's connections (it reconnects by itself): logged, never thrown at the process. */
  @OnWorkerEvent('error')
  error(error: Error): void {
    this.logger.warn({ err: error }, 'scheduled delivery worker: Redis error');
  }

  private async start({ kafka }: ServiceParts): Promise<Started> {
    const { config, worker } = this;
    const client = new RequestClient(
      kafka,
      `messages-scheduled-${config.INSTANCE_ID}`,
      createLogger('messages-scheduled-delivery', config.LOG_LEVEL),
    );
    await client.start();
    this.client = client;
    // Resolves only once the worker is closed.
    worker.run().catch((error: Error) => worker.emit('error', error));
    const scheduler = await this.startScheduler(kafka);
    return {
      async stop() {
        await scheduler.disconnect();
        await worker.close();
        await client.stop();
      },
    };
  }

  /** Reads `messages.events` for scheduled and rescheduled messages, each a job delayed until its time. */
  private async startScheduler(kafka: Kafka): Promise<Consumer> {
    const consumer = kafka.consumer({
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
        await this.queue.add('deliver', delivery, {
          jobId: jobId(delivery),
          delay,
          attempts: 20,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: true,
          removeOnFail: false,
        });
      },
    });
    return consumer;
  }
}
