import { Inject, Injectable, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LOGGER, Quarantine, StreamRuntime, type Logger } from '@zulip-es/platform';
import { FanOut } from './fan-out';

/** The realtime service's Redis: its users' event queues and its quarantine. */
export const REALTIME_REDIS = Symbol('REALTIME_REDIS');

/**
 * The realtime service's life: serving once the fan-out has read every domain-events topic up to
 * its end at start; on shutdown, the fan-out stops first and Redis is closed last.
 */
@Injectable()
export class RealtimeRuntime extends StreamRuntime implements OnModuleDestroy, OnApplicationShutdown {
  ready = false;

  constructor(
    private readonly fanOut: FanOut,
    private readonly quarantine: Quarantine,
    @Inject(REALTIME_REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  async start(): Promise<void> {
    await this.fanOut.start();
    this.ready = true;
    this.logger.info('ready');
  }

  details(): Record<string, number> {
    return { quarantined_events: this.quarantine.count };
  }

  staleReadModels(): string[] {
    return this.fanOut.staleReadModels();
  }

  async onModuleDestroy(): Promise<void> {
    this.ready = false;
    await this.fanOut.stop();
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
