import { Inject, Injectable, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { CREDENTIALS_TOPIC, eventsTopic } from '@zulip-es/contracts';
import { applyToReadModel, KAFKA, LOGGER, SERVICE_CONFIG, TopicFollower, type Logger, type ReadModel } from '@zulip-es/platform';
import type { GatewayConfig } from '../config';
import { GatewayRedis } from '../redis/redis.module';
import { AuthReadModel, CREDENTIAL_EVENT_TYPES } from './auth-read-model';

/**
 * The gateway's copy of the credentials (API key hashes from `users.credentials`; roles,
 * deactivations from `users.events`). Its start resolves once it has read both topics up to their
 * ends as they were then: no request is answered from a model older than that.
 */
@Injectable()
export class AuthFollower implements OnModuleInit, OnApplicationShutdown {
  readonly model = new AuthReadModel();
  readonly follower: TopicFollower;

  constructor(
    @Inject(KAFKA) kafka: Kafka,
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
    redis: GatewayRedis,
  ) {
    const readModel: ReadModel = {
      name: 'auth',
      topics: [eventsTopic('users'), CREDENTIALS_TOPIC],
      eventTypes: CREDENTIAL_EVENT_TYPES,
      apply: (event) => this.model.apply(event),
    };
    this.follower = new TopicFollower(
      kafka,
      { name: `gateway-auth-${config.INSTANCE_ID}`, topics: readModel.topics },
      (batch) => applyToReadModel(readModel, batch, logger, redis.quarantine),
      logger,
    );
  }

  async onModuleInit(): Promise<void> {
    await this.follower.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower.stop();
  }
}

@Module({ providers: [AuthFollower], exports: [AuthFollower] })
export class AuthModule {}
