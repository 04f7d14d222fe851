import { Global, Inject, Injectable, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { HealthProbes, LOGGER, Quarantine, RedisQuarantineStore, SERVICE_CONFIG, type Logger } from '@zulip-es/platform';
import type { GatewayConfig } from '../config';

/** The gateway's Redis: rate limits, event queues, tus locks and its quarantine. */
@Injectable()
export class GatewayRedis implements OnModuleInit, OnApplicationShutdown {
  readonly redis: Redis;
  /** An event the authentication model cannot apply is quarantined in a Redis hash: the gateway has no database. */
  readonly quarantine: Quarantine;

  constructor(
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    private readonly probes: HealthProbes,
  ) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
    this.quarantine = new Quarantine(new RedisQuarantineStore(this.redis, 'gateway'), logger);
  }

  onModuleInit(): void {
    this.probes.add('redis', () => this.redis.ping());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

@Global()
@Module({ providers: [GatewayRedis], exports: [GatewayRedis] })
export class RedisModule {}
