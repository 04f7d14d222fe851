import { Global, Injectable, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ServiceReadiness } from '@zulip-es/platform';
import { AuthFollower, AuthModule } from '../auth/auth.module';
import { GatewayQueues, QueuesModule } from '../events/queues.module';
import { GatewayRedis } from '../redis/redis.module';

/**
 * The gateway serves once every module has started (the credentials read up to the users
 * events' end at start, the reply topic joined). A stale credentials model means the API keys of
 * new accounts and role changes are not known: said in the health answer, never silent.
 */
@Injectable()
export class GatewayReadiness extends ServiceReadiness implements OnApplicationBootstrap, OnModuleDestroy {
  ready = false;

  constructor(
    private readonly auth: AuthFollower,
    private readonly queues: GatewayQueues,
    private readonly redis: GatewayRedis,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.ready = true;
  }

  onModuleDestroy(): void {
    this.ready = false;
  }

  staleReadModels(): string[] {
    return this.auth.follower.stale ? [this.auth.follower.name] : [];
  }

  details(): Record<string, number> {
    return { long_polls: this.queues.waker.watching, quarantined_events: this.redis.quarantine.count };
  }
}

/** The gateway's readiness, for the health endpoint. */
@Global()
@Module({
  imports: [AuthModule, QueuesModule],
  providers: [GatewayReadiness, { provide: ServiceReadiness, useExisting: GatewayReadiness }],
  exports: [ServiceReadiness],
})
export class ReadinessModule {}
