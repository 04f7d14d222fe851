import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NodeHttpAdapter } from '../http/node-http-adapter';
import { ServiceConfigSchema } from '../../config/service-config';
import { PlatformModule } from '../platform.module';
import { HealthModule } from './health.module';
import { ServiceReadiness } from './service-readiness';

/** What a test's service says of itself; the answer's other fields come from the health module. */
export interface TestReadiness {
  ready: () => boolean;
  staleReadModels?: () => string[];
  details?: () => Record<string, number>;
}

class ReadinessOf extends ServiceReadiness {
  constructor(private readonly state: TestReadiness) {
    super();
  }
  get ready(): boolean {
    return this.state.ready();
  }
  staleReadModels(): string[] {
    return this.state.staleReadModels?.() ?? [];
  }
  details(): Record<string, number> {
    return this.state.details?.() ?? {};
  }
}

/**
 * A service's health endpoint as every service serves it (HealthModule, probing the stack's
 * Kafka), over the readiness a test gives: for tests of what the answer says of read models and
 * quarantined events, without starting a service.
 */
export async function startHealthApp(state: TestReadiness): Promise<{ url: string; close: () => Promise<void> }> {
  @Global()
  @Module({ providers: [{ provide: ServiceReadiness, useValue: new ReadinessOf(state) }], exports: [ServiceReadiness] })
  class TestReadinessModule {}

  @Module({
    imports: [
      PlatformModule.forRoot({ service: 'users', configSchema: ServiceConfigSchema, database: false }),
      TestReadinessModule,
      HealthModule,
    ],
  })
  class TestHealthRoot {}

  const app = await NestFactory.create(TestHealthRoot, new NodeHttpAdapter(), { logger: false });
  await app.listen(0, '127.0.0.1');
  return { url: `${await app.getUrl()}/health`, close: () => app.close() };
}
