import { type DynamicModule, Module } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import type { z } from 'zod';
import type { ServiceConfig } from '../config/service-config';
import { createKafka } from '../kafka/kafka-client';
import { createLogger, type Logger } from '../logging/logger';
import { ServiceConfigModule } from './service-config.module';
import { KAFKA, LOGGER, SERVICE_CONFIG, SERVICE_NAME } from './tokens';

/**
 * What a service without a commands topic or a store of its own (realtime) stands on, for all
 * its modules to inject: its name, its validated configuration, its logger and its Kafka client.
 * PlatformModule without the database connection.
 */
@Module({})
export class StreamPlatformModule {
  static forRoot(options: { service: string; configSchema: z.ZodObject }): DynamicModule {
    return {
      module: StreamPlatformModule,
      global: true,
      imports: [ServiceConfigModule.forRoot(options.configSchema)],
      providers: [
        { provide: SERVICE_NAME, useValue: options.service },
        {
          provide: LOGGER,
          inject: [SERVICE_CONFIG],
          useFactory: (config: ServiceConfig): Logger => createLogger(options.service, config.LOG_LEVEL),
        },
        {
          provide: KAFKA,
          inject: [SERVICE_CONFIG, LOGGER],
          useFactory: (config: ServiceConfig, logger: Logger): Kafka =>
            createKafka(`${options.service}-${config.INSTANCE_ID}`, config.KAFKA_BROKERS, logger),
        },
      ],
      exports: [SERVICE_NAME, LOGGER, KAFKA],
    };
  }
}
