import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { ServiceName } from '@zulip-es/contracts';
import type { ServiceConfig } from '../config/service-config';
import { createKafka } from '../kafka/kafka-client';
import { createLogger, type Logger } from '../logging/logger';
import { ConsumerLag } from '../metrics/consumer-lag';
import { Metrics } from '../metrics/metrics';
import { connectMongo } from '../mongo/connect-mongo';
import { projectionDatabase } from '../mongo/projection-databases';
import { GroupDocuments } from '../mongo/group-documents';
import { ModelDocuments } from '../mongo/model-documents';
import { ServiceConfigModule } from './service-config.module';
import { KAFKA, LOGGER, MONGO_CONNECTION, PROJECTION_DOCUMENTS, SERVICE_CONFIG, SERVICE_NAME } from './tokens';

/** Closes the service's database connection last, after everything that writes through it has stopped. */
@Injectable()
class MongoLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MONGO_CONNECTION) private readonly db: Connection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}

/**
 * What every domain service stands on, for all its modules to inject: its name, its validated
 * configuration, its logger, its metrics, its Kafka client and its database connection.
 */
@Module({})
export class PlatformModule {
  /**
   * `projectionVersion`: the version of the service's projection (its `Projection.version`),
   * which names its database; `database: false` for a service without one (the gateway, realtime).
   */
  static forRoot(
    options: { service: ServiceName | 'gateway' | 'realtime'; configSchema: z.ZodObject } & (
      { projectionVersion: number } | { database: false }
    ),
  ): DynamicModule {
    const database =
      'database' in options
        ? []
        : [
            {
              provide: MONGO_CONNECTION,
              inject: [SERVICE_CONFIG],
              useFactory: (config: ServiceConfig): Promise<Connection> =>
                connectMongo(config.MONGO_URL, projectionDatabase(options.service, options.projectionVersion)),
            },
            {
              provide: PROJECTION_DOCUMENTS,
              inject: [MONGO_CONNECTION],
              useFactory: (db: Connection): GroupDocuments => new GroupDocuments(new ModelDocuments(db)),
            },
            MongoLifecycle,
          ];
    return {
      module: PlatformModule,
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
            createKafka(`${options.service}-${config.INSTANCE_ID}`, config, logger),
        },
        { provide: Metrics, useFactory: () => new Metrics(options.service) },
        ConsumerLag,
        ...database,
      ],
      exports: [
        SERVICE_NAME,
        LOGGER,
        KAFKA,
        Metrics,
        ConsumerLag,
        ...(database.length > 0 ? [MONGO_CONNECTION, PROJECTION_DOCUMENTS] : []),
      ],
    };
  }
}
