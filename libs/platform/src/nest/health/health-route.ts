import { Inject, Injectable, type OnModuleInit, ServiceUnavailableException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import { SERVICE_NAME } from '../tokens';
import { HealthProbes } from './health-probes';
import { ServiceReadiness } from './service-readiness';

interface HealthAnswer {
  status: 200 | 503;
  body: Record<string, unknown>;
}

/**
 * `GET /health` (and HEAD), for the local stack, docker compose and orchestrators: 200 once the
 * service serves and its dependencies answer; 503 while it starts (`starting`), while a read
 * model does not follow its topics (`stale`, naming them), or while a dependency does not answer
 * (`error`). Terminus's `info`/`error`/`details` say which.
 *
 * Registered on the HTTP server itself rather than as a controller: orchestrators and load
 * balancers ask often, and Nest's per-request pipeline (context, pipes, filters) cost more than
 * the answer, which is built from the probes' last results.
 */
@Injectable()
export class HealthRoute implements OnModuleInit {
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

  onModuleInit(): void {
    const adapter = this.http.httpAdapter;
    adapter.get('/health', (_request: unknown, response: unknown) => {
      this.answer().then(
        ({ status, body }) => adapter.reply(response, body, status),
        () => adapter.reply(response, { status: 'error', service: this.service }, 503),
      );
    });
  }

  async answer(): Promise<HealthAnswer> {
    const stale = this.readiness.staleReadModels();
    const ready = this.readiness.ready;
    const runtimeUp = ready && stale.length === 0;
    const runtime = this.indicators.check('runtime');
    const runtimeResult = runtimeUp ? runtime.up() : runtime.down({ ready, stale_read_models: stale });
    const dependencies = await this.dependencyResult();
    const status = !ready ? 'starting' : stale.length > 0 ? 'stale' : dependencies.status === 'ok' ? 'ok' : 'error';
    return {
      status: status === 'ok' ? 200 : 503,
      body: {
        status,
        service: this.service,
        pid: process.pid,
        uptime_s: Math.round(process.uptime()),
        ...this.readiness.details(),
        ...(stale.length > 0 ? { stale_read_models: stale } : {}),
        info: runtimeUp ? { ...runtimeResult, ...dependencies.info } : dependencies.info,
        error: runtimeUp ? dependencies.error : { ...runtimeResult, ...dependencies.error },
      },
    };
  }

  /**
   * Terminus's check of the dependencies, from the probes' last results: the probes run in the
   * background, so a health request costs no check.
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
