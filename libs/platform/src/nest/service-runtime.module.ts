import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health/health.controller';
import { HealthProbes } from './health/health-probes';
import { ServiceRuntime } from './service-runtime';

/**
 * The service runtime and its health endpoint. `projection` is the service's module that
 * provides (and exports) `PROJECTION`, `READ_MODELS` and, when it has one, `PROJECTION_ON`.
 */
@Module({})
export class ServiceRuntimeModule {
  static forRoot(options: { projection: NonNullable<ModuleMetadata['imports']>[number] }): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      global: true,
      imports: [TerminusModule.forRoot({ logger: false }), options.projection],
      controllers: [HealthController],
      providers: [ServiceRuntime, HealthProbes],
      exports: [ServiceRuntime, HealthProbes],
    };
  }
}
