import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { STREAM_RUNTIME, type StreamRuntime } from '../stream-runtime';
import { SERVICE_NAME } from '../tokens';
import { StreamHealthProbes } from './stream-health-probes';

/**
 * `GET /health` (and HEAD) of a service without a commands topic, with the body of the domain
 * services' (HealthController): 200 once it serves and its dependencies answer; 503 while it
 * starts (`starting`), while a read model does not follow its topics (`stale`, naming them), or
 * while a dependency does not answer (`error`). Terminus's `info`/`error` say which.
 */
@Controller()
export class StreamHealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly probes: StreamHealthProbes,
    @Inject(STREAM_RUNTIME) private readonly runtime: StreamRuntime,
  ) {}

  @Get('health')
  async answer(@Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, unknown>> {
    const stale = this.runtime.staleReadModels();
    const result = await this.check(stale);
    const status = !this.runtime.ready ? 'starting' : stale.length > 0 ? 'stale' : result.status === 'ok' ? 'ok' : 'error';
    void reply.status(status === 'ok' ? 200 : 503);
    return {
      status,
      service: this.service,
      pid: process.pid,
      uptime_s: Math.round(process.uptime()),
      quarantined_events: this.runtime.quarantined,
      ...(stale.length > 0 ? { stale_read_models: stale } : {}),
      info: result.info,
      error: result.error,
    };
  }

  private async check(stale: string[]): Promise<HealthCheckResult> {
    const runtime = () => {
      const session = this.indicators.check('runtime');
      return this.runtime.ready && stale.length === 0
        ? session.up()
        : session.down({ ready: this.runtime.ready, stale_read_models: stale });
    };
    try {
      return await this.health.check([runtime, ...this.probes.all.map((p) => () => p.indicate(this.indicators))]);
    } catch (error) {
      if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
      throw error;
    }
  }
}
