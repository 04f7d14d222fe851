import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthRoute } from './health-route';
import { HealthProbes } from './health-probes';

/**
 * `GET /health` of a service, for every module to add its dependencies to (HealthProbes). The
 * service provides `ServiceReadiness` (globally).
 */
@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [HealthProbes, HealthRoute],
  exports: [HealthProbes],
})
export class HealthModule {}
