import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { HealthProbes } from './health-probes';

/**
 * `GET /health` of a service, for every module to add its dependencies to (HealthProbes). The
 * service provides `ServiceReadiness` (globally).
 */
@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [HealthProbes],
  exports: [HealthProbes],
})
export class HealthModule {}
