import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MetricsController } from './metrics.controller';
import { QueueMetrics } from './queue-metrics';
import { ReadinessMetrics } from './readiness-metrics';

/**
 * A service's `GET /metrics` beside its health endpoint, with the gauges every service has: its
 * readiness and quarantine, and the depths of the BullMQ queues its modules registered. The
 * `Metrics` registry and `ConsumerLag` come from the platform module.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [MetricsController],
  providers: [QueueMetrics, ReadinessMetrics],
})
export class MetricsModule {}
