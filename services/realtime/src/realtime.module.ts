import { Module } from '@nestjs/common';
import { StreamHealthModule, StreamPlatformModule, type StreamServiceEntry } from '@zulip-es/platform';
import { RealtimeConfigSchema, type RealtimeConfig } from './config';
import { FanOutModule } from './fan-out/fan-out.module';
import { RealtimeProbes } from './realtime-probes';

export const REALTIME: StreamServiceEntry = { service: 'realtime', port: (config) => (config as RealtimeConfig).REALTIME_PORT };

/**
 * The real-time service: fans every domain event out to the event queues (in Redis) of the
 * users who see it, as Zulip client events. The gateway serves the queues.
 */
@Module({
  imports: [
    StreamPlatformModule.forRoot({ service: REALTIME.service, configSchema: RealtimeConfigSchema }),
    StreamHealthModule.forRoot({ runtime: FanOutModule }),
    FanOutModule,
  ],
  providers: [RealtimeProbes],
})
export class RealtimeModule {}
