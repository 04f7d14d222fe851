import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { Redis } from 'ioredis';
import { HealthProbes, SERVICE_CONFIG } from '@zulip-es/platform';
import type { MessagesConfig } from '../config';

/**
 * The messages service's own Redis: the clients' event queues, for what is told to clients
 * without being recorded (typing). The connection opens with the first command, so a process
 * that sends none (a rebuild, the quarantine command) opens nothing; the health answer's probe
 * is the first command of a serving service. BullMQ's queues and workers have their own.
 */
@Injectable()
export class MessagesRedis implements OnModuleInit, OnApplicationShutdown {
  readonly client: Redis;

  constructor(
    @Inject(SERVICE_CONFIG) config: MessagesConfig,
    /** Absent in a rebuild, which has no health endpoint. */
    @Optional() private readonly probes?: HealthProbes,
  ) {
    this.client = new Redis(config.REDIS_URL, { lazyConnect: true });
  }

  onModuleInit(): void {
    this.probes?.add('redis', () => this.client.ping());
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
