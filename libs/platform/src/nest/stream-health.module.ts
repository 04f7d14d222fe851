import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { StreamHealthController } from './health/stream-health.controller';
import { StreamHealthProbes } from './health/stream-health-probes';

/**
 * The health endpoint of a service without a commands topic or a store (see
 * StreamPlatformModule), whose readiness comes from its StreamRuntime: `runtime` is the
 * service's module that provides (and exports) `STREAM_RUNTIME`. Services add their own probes
 * (Redis) to StreamHealthProbes.
 */
@Module({})
export class StreamHealthModule {
  static forRoot(options: { runtime: NonNullable<ModuleMetadata['imports']>[number] }): DynamicModule {
    return {
      module: StreamHealthModule,
      global: true,
      imports: [TerminusModule.forRoot({ logger: false }), options.runtime],
      controllers: [StreamHealthController],
      providers: [StreamHealthProbes],
      exports: [StreamHealthProbes],
    };
  }
}
