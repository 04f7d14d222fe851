import { Module } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Kafka } from 'kafkajs';
import { EventQueues } from '@zulip-es/event-queues';
import { KAFKA, LOGGER, Quarantine, RedisQuarantineStore, SERVICE_CONFIG, type Logger } from '@zulip-es/platform';
import type { RealtimeConfig } from '../config';
import { Directory } from '../directory/directory';
import { FanOut } from './fan-out';
import { RealtimeMetrics } from './realtime-metrics';
import { REALTIME_REDIS, RealtimeRuntime } from './realtime-runtime';

/**
 * The fan-out of every domain event to the event queues of the users who see it, with the
 * directory of users and channels it decides their audience by, and the runtime that starts it.
 */
@Module({
  providers: [
    { provide: REALTIME_REDIS, inject: [SERVICE_CONFIG], useFactory: (config: RealtimeConfig) => new Redis(config.REDIS_URL) },
    { provide: EventQueues, inject: [REALTIME_REDIS], useFactory: (redis: Redis) => new EventQueues(redis) },
    {
      provide: Quarantine,
      inject: [REALTIME_REDIS, LOGGER],
      useFactory: (redis: Redis, logger: Logger) => new Quarantine(new RedisQuarantineStore(redis, 'realtime'), logger),
    },
    // Built from the whole history at every start (see FanOut).
    { provide: Directory, useFactory: () => new Directory() },
    {
      provide: FanOut,
      inject: [KAFKA, EventQueues, Directory, LOGGER, SERVICE_CONFIG, Quarantine],
      useFactory: (
        kafka: Kafka,
        queues: EventQueues,
        directory: Directory,
        logger: Logger,
        config: RealtimeConfig,
        quarantine: Quarantine,
      ) => new FanOut(kafka, queues, directory, logger, `realtime-fan-out-${config.INSTANCE_ID}`, quarantine),
    },
    RealtimeRuntime,
    RealtimeMetrics,
  ],
  exports: [RealtimeRuntime, REALTIME_REDIS],
})
export class FanOutModule {}
