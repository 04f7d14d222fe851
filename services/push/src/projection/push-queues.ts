import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { HealthProbes, SERVICE_CONFIG } from '@zulip-es/platform';
import type { PushConfig } from '../config';
import { NOTIFICATION_QUEUE, NotificationQueue } from '../notifications/notification-jobs';
import { attemptsWithin, REGISTRATION_QUEUE, RegistrationQueue } from '../registration/registration-jobs';

/**
 * The push queues in Redis, used where there is a bouncer to work for (`PUSH_BOUNCER_URL`): the
 * registration queue (registrations, legacy tokens, dead tokens) and the notification queue; and
 * the Redis of the clients' event queues, connected on first use.
 */
@Injectable()
export class PushQueues implements OnModuleInit, OnApplicationShutdown {
  readonly registrations?: RegistrationQueue;
  readonly notifications?: NotificationQueue;
  private redis?: Redis;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PushConfig,
    @InjectQueue(REGISTRATION_QUEUE) private readonly registrationQueue: Queue,
    @InjectQueue(NOTIFICATION_QUEUE) notificationQueue: Queue,
    /** Absent in a rebuild, which has no health endpoint. */
    @Optional() private readonly probes?: HealthProbes,
  ) {
    if (config.PUSH_BOUNCER_URL) {
      this.registrations = new RegistrationQueue(registrationQueue, attemptsWithin(config.PUSH_REGISTRATION_RETRY_MS));
      this.notifications = new NotificationQueue(notificationQueue);
    }
  }

  /** Redis for the clients' event queues (the test notification's event). */
  eventQueuesRedis(): Redis {
    return (this.redis ??= new Redis(this.config.REDIS_URL));
  }

  onModuleInit(): void {
    if (this.config.PUSH_BOUNCER_URL) this.probes?.add('redis', () => this.registrationQueue.getMeta());
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
