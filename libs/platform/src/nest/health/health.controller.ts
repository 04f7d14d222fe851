import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import { SERVICE_NAME } from '../tokens';
import { HealthProbes } from './health-probes';
import { ServiceReadiness } from './service-readiness';

/**
 * `GET /health` (and HEAD), for the local stack, docker compose and orchestrators: 200 once the
 * service serves and its dependencies answer; 503 while it starts (`starting`), while a read
 * model does not follow its topics (`stale`, naming them), or while a dependency does not answer
 * (`error`). Terminus's `info`/`error`/`details` say which.
 */
@Controller()
export class HealthController {
  /** The dependencies' answer, built again only once a probe has checked again. */
  private dependencies?: { version: number; result: Promise<HealthCheckResult> };

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly probes: HealthProbes,
    private readonly readiness: ServiceReadiness,
    private readonly http: HttpAdapterHost,
  ) {}

  @Get('health')
  async answer(@Res({ passthrough: true }) response: unknown): Promise<Record<string, unknown>> {
    const stale = this.readiness.staleReadModels();
    const runtimeUp = this.readiness.ready && stale.length === 0;
    const runtime = this.indicators.check('runtime');
    const runtimeResult = runtimeUp ? runtime.up() : runtime.down({ ready: this.readiness.ready, stale_read_models: stale });
    const dependencies = await this.dependencyResult();
    const status = !this.readiness.ready ? 'starting' : stale.length > 0 ? 'stale' : dependencies.status === 'ok' ? 'ok' : 'error';
    this.http.httpAdapter.status(response, status === 'ok' ? 200 : 503);
    return {
      status,
      service: this.service,
      pid: process.pid,
      uptime_s: Math.round(process.uptime()),
      ...this.readiness.details(),
      ...(stale.length > 0 ? { stale_read_models: stale } : {}),
      info: runtimeUp ? { ...runtimeResult, ...dependencies.info } : dependencies.info,
      error: runtimeUp ? dependencies.error : { ...runtimeResult, ...dependencies.error },
    };
  }

  /**
   * Terminus's check of the dependencies, from the probes' last results: the probes run in the
   * background, so a health request (orchestrators and load balancers ask often) costs no check.
   */
  private dependencyResult(): Promise<HealthCheckResult> {
    const version = this.probes.version;
    if (this.dependencies?.version !== version) this.dependencies = { version, result: this.checkDependencies() };
    return this.dependencies.result;
  }

  private async checkDependencies(): Promise<HealthCheckResult> {
    try {
      return await this.health.check(this.probes.all.map((p) => () => p.indicate(this.indicators)));
    } catch (error) {
      if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
      throw error;
    }
  }
}
