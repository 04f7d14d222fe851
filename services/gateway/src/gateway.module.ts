import { Module } from '@nestjs/common';
import { HealthModule, PlatformModule } from '@zulip-es/platform';
import { GatewayConfigSchema } from './config';
import { DispatchModule } from './dispatch/dispatch.module';
import { QueuesModule } from './events/queues.module';
import { ReadinessModule } from './http/gateway-readiness';
import { GatewayMetricsModule } from './metrics/gateway-metrics.module';
import { GatewayRoutes } from './http/gateway-routes';
import { OpenApiController } from './openapi/openapi.controller';
import { RedisModule } from './redis/redis.module';
import { ObjectStoreModule } from './uploads/object-store.module';

/**
 * The HTTP edge: authenticates, parses and validates the operation table's requests, sends them
 * to the owning services over Kafka and renders their replies; serves event queues and files.
 */
@Module({
  imports: [
    PlatformModule.forRoot({ service: 'gateway', configSchema: GatewayConfigSchema, database: false }),
    RedisModule,
    HealthModule,
    ReadinessModule,
    DispatchModule,
    QueuesModule,
    ObjectStoreModule,
    GatewayMetricsModule,
  ],
  controllers: [OpenApiController],
  providers: [GatewayRoutes],
})
export class GatewayModule {}
