import { randomUUID } from 'node:crypto';
import {
  commandsTopic,
  FORGET_PUSH_TOKENS,
  RECORD_PUSH_REGISTRATION,
  type BouncerTokenRequest,
  type DeviceRef,
  type ForgetPushTokens,
  type PushDeviceRegistrationRequestedV1,
} from '@zulip-es/contracts';
import { createLogger, RequestClient, type Started, type Logger } from '@zulip-es/platform';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kafka } from 'kafkajs';
import type { RegistrationRequests } from '../projection/push.projection';
import { BouncerClient, type BouncerClientConfig } from './bouncer-client';

export const REGISTRATION_QUEUE = 'push-registrations';

/** Each job's data, by job name. */
interface JobData {
  /** An E11 registration to send to the bouncer, and whose answer to record. */
  register: { request: PushDeviceRegistrationRequestedV1['data']; requestSequence: number };
  /** A legacy token added (`active`) or removed, to tell the bouncer. */
  token: { token: BouncerTokenRequest; active: boolean };
  /** Tokens and E11 devices a provider called dead, to remove from the user's devices. */
  forget: ForgetPushTokens;
}
type JobName = keyof JobData;
type AnyJob = { [N in JobName]: Job<JobData[N], unknown, N> }[JobName];

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

/** Where tokens a provider called dead go to be removed from the user's devices. */
export interface DeviceRemovals {
  forget(userId: number, devices: DeviceRef[], bouncerDeviceIds?: number[]): Promise<void>;
}

/**
 * The queue of the work that keeps this server's devices and the bouncer's in step (BullMQ, in
 * Redis: it survives a restart). A job handed over from an event has that event's id, so handing
 * it over twice (a projection applying the event again) queues it once.
 */
export class RegistrationQueue implements RegistrationRequests, DeviceRemovals {
  /** Opened on the first job, so a process that never queues one (a rebuild) opens none. */
  private queue?: Queue;

  constructor(
    private readonly connection: () => Redis,
    private readonly attempts: number,
    private readonly queueName = REGISTRATION_QUEUE,
  ) {}

  forward(request: PushDeviceRegistrationRequestedV1['data'], requestSequence: number): Promise<void> {
    return this.add('register', { request, requestSequence }, `register-${request.userId}-${request.pushAccountId}-${requestSequence}`);
  }

  forwardToken(token: BouncerTokenRequest, active: boolean): Promise<void> {
    return this.add('token', { token, active }, `token-${token.user_id}-${token.sequence}`);
  }

  forget(userId: number, devices: DeviceRef[], bouncerDeviceIds: number[] = []): Promise<void> {
    return this.add('forget', { userId, devices, bouncerDeviceIds }, `forget-${userId}-${randomUUID()}`);
  }

  async close(): Promise<void> {
    await this.queue?.close();
  }

  private async add<N extends JobName>(name: N, data: JobData[N], jobId: string): Promise<void> {
    this.queue ??= new Queue(this.queueName, { connection: this.connection() });
    await this.queue.add(name, data, {
      jobId,
      attempts: this.attempts,
      backoff: { type: 'custom' },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    });
  }
}

const COMMAND_WAIT_MS = 60_000;

/**
 * The registration worker. It sends each E11 registration to the bouncer and records the answer
 * with a command to this service (id `push-registration:<job id>`: a job run again after its
 * answer was recorded records nothing more, and the bouncer answers the same device id); tells
 * the bouncer of legacy tokens added and removed; and removes the tokens a provider called dead
 * (command id `push-job:<job id>`). A bouncer that cannot be reached is tried again, waiting
 * longer each time; a job of a killed worker is taken over by another (or the restarted one)
 * once its lock expires.
 */
export async function startRegistrationWorker(
  kafka: Kafka,
  options: { connection: Redis; bouncer: BouncerClientConfig; instanceId: string; logLevel: string; queueName?: string },
  logger: Logger,
): Promise<Started> {
  const client = new RequestClient(
    kafka,
    `push-registrations-${options.instanceId}`,
    createLogger('push-registrations', options.logLevel),
    { replyWaitMs: 500 },
  );
  await client.start();
  const bouncer = new BouncerClient(options.bouncer);

  async function command(commandId: string, type: string, userId: number, data: Record<string, unknown>): Promise<void> {
    const reply = await client.request(commandsTopic('push'), {
      commandId,
      type,
      kind: 'command',
      key: `user:${userId}`,
      correlationId: commandId,
      actorId: null,
      deadline: Date.now() + COMMAND_WAIT_MS,
      replyTo: client.replyTo,
      after: [],
      data,
    });
    if (!reply.ok) throw new Error(`${type} was refused: ${reply.error.code} ${reply.error.msg}`);
  }

  /** Runs a job; an E11 registration answers the bouncer's outcome. */
  async function run(job: AnyJob): Promise<unknown> {
    switch (job.name) {
      case 'register': {
        const { request, requestSequence } = job.data;
        const outcome = await bouncer.register(request);
        const data = { userId: request.userId, pushAccountId: request.pushAccountId, requestSequence, outcome };
        await command(`push-registration:${job.id}`, RECORD_PUSH_REGISTRATION, request.userId, data);
        return outcome;
      }
      case 'token':
        return bouncer.syncToken(job.data.token, job.data.active);
      case 'forget':
        return command(`push-job:${job.id}`, FORGET_PUSH_TOKENS, job.data.userId, { ...job.data });
      default: {
        const unexpected: never = job;
        throw new Error(`unknown push job ${(unexpected as Job).name}`);
      }
    }
  }

  const worker = new Worker(options.queueName ?? REGISTRATION_QUEUE, (job: Job) => run(job as AnyJob), {
    connection: options.connection,
    concurrency: 8,
    lockDuration: 30_000,
    stalledInterval: 5_000,
    maxStalledCount: 10,
    settings: { backoffStrategy: retryDelayMs },
  });
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attemptsMade: job?.attemptsMade, err: error }, 'push job not done yet'),
  );
  return {
    async stop() {
      await worker.close();
      await client.stop();
    },
  };
}
