import { Inject, Injectable, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { fetchApiKey, registerQueue } from '@zulip-es/contracts';
import { CommandClient, KAFKA, LOGGER, RequestClient, SERVICE_CONFIG, type Logger } from '@zulip-es/platform';
import { AuthFollower, AuthModule } from '../auth/auth.module';
import { limitLoginsByUsername } from '../auth/login-limit';
import type { GatewayConfig } from '../config';
import { longpollTimeoutSeconds } from '../events/long-poll-timeout';
import { GatewayQueues, QueuesModule } from '../events/queues.module';
import { registerWithQueue } from '../events/register-queue';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { GatewayRedis } from '../redis/redis.module';
import { FileReceiver } from '../uploads/file-receiver';
import { ObjectStoreModule } from '../uploads/object-store.module';
import { Dispatcher } from './dispatcher';

/** This instance's client of the services' commands topics, replies on its own topic. */
@Injectable()
export class GatewayClient extends CommandClient implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(KAFKA) kafka: Kafka, @Inject(SERVICE_CONFIG) config: GatewayConfig, @Inject(LOGGER) logger: Logger) {
    super(new RequestClient(kafka, config.INSTANCE_ID, logger));
  }

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}

@Module({
  imports: [AuthModule, QueuesModule, ObjectStoreModule],
  providers: [
    GatewayClient,
    {
      provide: Dispatcher,
      inject: [GatewayClient, AuthFollower, GatewayRedis, GatewayQueues, FileReceiver, SERVICE_CONFIG, LOGGER],
      useFactory: (
        client: GatewayClient,
        auth: AuthFollower,
        { redis }: GatewayRedis,
        { queues }: GatewayQueues,
        files: FileReceiver,
        config: GatewayConfig,
        logger: Logger,
      ) =>
        new Dispatcher({
          client,
          auth: auth.model,
          authFollower: auth.follower,
          limiter: new RateLimiter(redis, config.RATE_LIMIT_REQUESTS, config.RATE_LIMIT_WINDOW_SECONDS, logger),
          anonymousLimiter: new RateLimiter(
            redis,
            config.RATE_LIMIT_ANONYMOUS_REQUESTS,
            config.RATE_LIMIT_ANONYMOUS_WINDOW_SECONDS,
            logger,
          ),
          files,
          timeoutMs: config.REQUEST_TIMEOUT_MS,
          logger,
          around: {
            [registerQueue.type]: registerWithQueue(queues, { longpollTimeoutSeconds: longpollTimeoutSeconds(config.EVENT_HEARTBEAT_MS) }),
            [fetchApiKey.type]: limitLoginsByUsername(
              new RateLimiter(redis, config.LOGIN_ATTEMPTS_PER_USERNAME, config.LOGIN_ATTEMPTS_WINDOW_SECONDS, logger),
            ),
          },
        }),
    },
  ],
  exports: [Dispatcher, AuthModule],
})
export class DispatchModule {}
