import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { HealthModule } from './health/health.module';
import { ServiceReadiness } from './health/service-readiness';
import { ServiceRuntime } from './service-runtime';

/**
 * The service runtime, its health endpoint and its metrics. `projection` is the service's module that
 * provides (and exports) `PROJECTION`, `READ_MODELS` and, when it has one, `PROJECTION_ON`.
 */
@Module({})
export class ServiceRuntimeModule {
  static forRoot(options: { projection: NonNullable<ModuleMetadata['imports']>[number] }): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      global: true,
      imports: [HealthModule, MetricsModule, options.projection],
      providers: [ServiceRuntime, { provide: ServiceReadiness, useExisting: ServiceRuntime }],
      exports: [ServiceRuntime, ServiceReadiness, HealthModule],
    };
  }
}
