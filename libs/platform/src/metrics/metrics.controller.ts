import { Controller, Get, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Metrics } from './metrics';

/**
 * `GET /metrics` in Prometheus's text format, on a domain service's health port (never on the
 * gateway's API port, which faces the clients: the gateway serves them on a port of its own).
 */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly http: HttpAdapterHost,
  ) {}

  @Get('metrics')
  async scrape(@Res({ passthrough: true }) response: unknown): Promise<string> {
    const { contentType, text } = await this.metrics.scrape();
    this.http.httpAdapter.setHeader(response, 'content-type', contentType);
    return text;
  }
}
