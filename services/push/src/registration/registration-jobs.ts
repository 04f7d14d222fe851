import { commandsTopic, RECORD_PUSH_REGISTRATION, type PushDeviceRegistrationRequestedV1 } from '@zulip-es/contracts';
import { createLogger, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { RegistrationRequests } from '../projection/push.projection';
import { registerAtBouncer, type BouncerClientConfig } from './bouncer-client';

export const REGISTRATION_QUEUE = 'push-registrations';

interface RegistrationJob {
  request: PushDeviceRegistrationRequestedV1['data'];
  requestSequence: number;
}

/** Waits between tries: doubling from a second, at most five minutes. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 5 * 60_000;
export const retryDelayMs = (attemptsMade: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attemptsMade - 1), MAX_RETRY_MS);

/** Tries enough for the waits between them to add up to `periodMs`. */
export function attemptsWithin(periodMs: number): number {
  let attempts = 1;
  for (let waited = 0; waited < periodMs; attempts++) waited += retryDelayMs(attempts);
  return attempts;
}

/**
 * The queue of registrations on their way to the push bouncer (BullMQ, in Redis: they survive a
 * restart). A request is one job, whose id is the request's, so handing it over twice (a
 * projection applying its event again) queues it once.
 */
export class RegistrationQueue implements RegistrationRequests {
  /** Opened on the first request, so a process that never forwards one (a rebuild) opens none. */
  private queue?: Queue<RegistrationJob>;

  constructor(
    private readonly connection: () => Redis,
    private readonly attempts: number,
    private readonly queueName = REGISTRATION_QUEUE,
  ) {}

  async forward(request: RegistrationJob['request'], requestSequence: number): Promise<void> {
    this.queue ??= new Queue<RegistrationJob>(this.queueName, { connection: this.connection() });
    await this.queue.add(
      'register',
      { request, requestSequence },
      { jobId: `register-${request.userId}-${request.pushAccountId}-${requestSequence}`, attempts: this.attempts, backoff: { type: 'custom' }, removeOnComplete: 1000, removeOnFail: 1000 },
    );
  }

  async close(): Promise<void> {
    await this.queue?.close();
  }
}

const COMMAND_WAIT_MS = 60_000;

/**
 * The registration worker: sends each queued registration to the bouncer and records its answer
 * with a command to this service (id `push-registration:<job id>`: a job run again after its
 * answer was recorded records nothing more, and the bouncer answers the same device id). A
 * bouncer that cannot be reached is tried again, waiting longer each time; a job of a killed
 * worker is taken over by another (or the restarted one) once its lock expires.
 */
export async function startRegistrationWorker(
  parts: ServiceParts,
  options: { connection: Redis; bouncer: BouncerClientConfig; instanceId: string; logLevel: string; queueName?: string },
  logger: Logger,
): Promise<BackgroundWork> {
  const client = new RequestClient(parts.kafka, `push-registrations-${options.instanceId}`, createLogger('push-registrations', options.logLevel), { replyWaitMs: 500 });
  await client.start();
  const worker = new Worker<RegistrationJob>(
    options.queueName ?? REGISTRATION_QUEUE,
    async (job: Job<RegistrationJob>) => {
      const { request, requestSequence } = job.data;
      const outcome = await registerAtBouncer(options.bouncer, request);
      const reply = await client.request(commandsTopic('push'), {
        commandId: `push-registration:${job.id}`,
        type: RECORD_PUSH_REGISTRATION,
        kind: 'command',
        key: `user:${request.userId}`,
        correlationId: `push-registration:${job.id}`,
        actorId: null,
        deadline: Date.now() + COMMAND_WAIT_MS,
        replyTo: client.replyTo,
        after: [],
        data: { userId: request.userId, pushAccountId: request.pushAccountId, requestSequence, outcome },
      });
      if (!reply.ok) throw new Error(`recording a push registration was refused: ${reply.error.code} ${reply.error.msg}`);
      return outcome;
    },
    { connection: options.connection, concurrency: 8, lockDuration: 30_000, stalledInterval: 5_000, maxStalledCount: 10, settings: { backoffStrategy: retryDelayMs } },
  );
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, attemptsMade: job?.attemptsMade, err: error }, 'push registration not sent to the bouncer yet'));
  return {
    async stop() {
      await worker.close();
      await client.stop();
    },
  };
}
