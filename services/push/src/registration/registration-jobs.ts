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
import { createLogger, RequestClient } from '@zulip-es/platform';
import type { Job, Queue } from 'bullmq';
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
  constructor(
    private readonly queue: Queue,
    private readonly attempts: number,
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

  private async add<N extends JobName>(name: N, data: JobData[N], jobId: string): Promise<void> {
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
 * How the registration queue is worked: eight jobs at a time; a bouncer that cannot be reached
 * is tried again, waiting longer each time (`retryDelayMs`); a job of a killed worker is taken
 * over by another (or the restarted one) once its 30 s lock expires, seconds later.
 */
export const REGISTRATION_WORKER_OPTIONS = {
  concurrency: 8,
  lockDuration: 30_000,
  stalledInterval: 5_000,
  maxStalledCount: 10,
  settings: { backoffStrategy: retryDelayMs },
} as const;

/** What runs the registration queue's jobs, while the service serves. */
export interface RegistrationJobs {
  run(job: Job): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The registration jobs. Each E11 registration is sent to the bouncer and its answer recorded
 * with a command to this service (id `push-registration:<job id>`: a job run again after its
 * answer was recorded records nothing more, and the bouncer answers the same device id); legacy
 * tokens added and removed are told to the bouncer; tokens a provider called dead are removed
 * (command id `push-job:<job id>`).
 */
export async function registrationJobs(
  kafka: Kafka,
  options: { bouncer: BouncerClientConfig; instanceId: string; logLevel: string },
): Promise<RegistrationJobs> {
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

  return { run: (job) => run(job as AnyJob), stop: () => client.stop() };
}
