import { Global, Module } from '@nestjs/common';
import { HealthModule, MetricsModule, PlatformModule, ServiceReadiness, StreamRuntime, type StreamServiceEntry } from '@zulip-es/platform';
import { RealtimeConfigSchema, type RealtimeConfig } from './config';
import { FanOutModule } from './fan-out/fan-out.module';
import { RealtimeRuntime } from './fan-out/realtime-runtime';
import { RealtimeProbes } from './realtime-probes';

export const REALTIME: StreamServiceEntry = { service: 'realtime', port: (config) => (config as RealtimeConfig).REALTIME_PORT };

/** The runtime, as the bootstrap starts it and as the health endpoint asks it whether the service serves. */
@Global()
@Module({
  imports: [FanOutModule],
  providers: [
    { provide: StreamRuntime, useExisting: RealtimeRuntime },
    { provide: ServiceReadiness, useExisting: RealtimeRuntime },
  ],
  exports: [StreamRuntime, ServiceReadiness],
})
class RealtimeRuntimeModule {}

/**
 * The real-time service: fans every domain event out to the event queues (in Redis) of the
 * users who see it, as Zulip client events. The gateway serves the queues.
 */
@Module({
  imports: [
    PlatformModule.forRoot({ service: REALTIME.service, configSchema: RealtimeConfigSchema, database: false }),
    RealtimeRuntimeModule,
    HealthModule,
    MetricsModule,
    FanOutModule,
  ],
  providers: [RealtimeProbes],
})
export class RealtimeModule {}
