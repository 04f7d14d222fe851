import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { Redis } from 'ioredis';
import { HealthProbes, SERVICE_CONFIG } from '@zulip-es/platform';
import type { PushConfig } from '../config';
import { NotificationQueue } from '../notifications/notification-jobs';
import { attemptsWithin, RegistrationQueue } from '../registration/registration-jobs';

/**
 * The push queues in Redis, where there is a bouncer to work for (`PUSH_BOUNCER_URL`): the
 * registration queue (registrations, legacy tokens, dead tokens) and the notification queue.
 * Redis is connected on the first job, so a process that queues none (a rebuild) opens nothing.
 */
@Injectable()
export class PushQueues implements OnModuleInit, OnApplicationShutdown {
  readonly registrations?: RegistrationQueue;
  readonly notifications?: NotificationQueue;
  private redis?: Redis;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PushConfig,
    /** Absent in a rebuild, which has no health endpoint. */
    @Optional() private readonly probes?: HealthProbes,
  ) {
    if (config.PUSH_BOUNCER_URL) {
      this.registrations = new RegistrationQueue(() => this.connection(), attemptsWithin(config.PUSH_REGISTRATION_RETRY_MS));
      this.notifications = new NotificationQueue(() => this.connection());
    }
  }

  /** BullMQ's connection: no retry limit per request, as its workers require. */
  connection(): Redis {
    return (this.redis ??= new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null }));
  }

  onModuleInit(): void {
    if (this.config.PUSH_BOUNCER_URL) this.probes?.add('redis', () => this.connection().ping());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.registrations?.close();
    await this.notifications?.close();
    this.redis?.disconnect();
  }
}
