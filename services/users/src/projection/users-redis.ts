import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { Redis } from 'ioredis';
import { HealthProbes, SERVICE_CONFIG } from '@zulip-es/platform';
import type { UsersConfig } from '../config';

/**
 * The users service's own Redis: the latest presence pings (see PresenceStore) and the marks of
 * mails sent through SMTP. A command fails after two tries rather than wait for Redis to come
 * back; the connection opens with the first command, so a process that sends none (the
 * quarantine command) opens nothing.
 */
@Injectable()
export class UsersRedis implements OnModuleInit, OnApplicationShutdown {
  readonly client: Redis;

  constructor(
    @Inject(SERVICE_CONFIG) config: UsersConfig,
    /** Absent in a rebuild, which has no health endpoint. */
    @Optional() private readonly probes?: HealthProbes,
  ) {
    this.client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: true });
  }

  onModuleInit(): void {
    this.probes?.add('redis', () => this.client.ping());
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
