import { createServer, type Server } from 'node:http';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, Metrics, SERVICE_CONFIG, type Logger } from '@zulip-es/platform';
import type { GatewayConfig } from '../config';

/**
 * The gateway's `GET /metrics`, on `METRICS_PORT` (none without it): its API port faces the
 * clients and the internet, which must not read them. Bound like the API (`BIND_HOST`).
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.METRICS_PORT;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.metrics.scrape().then(
        ({ contentType, text }) => res.writeHead(200, { 'content-type': contentType }).end(req.method === 'HEAD' ? undefined : text),
        (error: unknown) => {
          this.logger.warn({ err: error }, 'metrics not collected');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics not collected\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.BIND_HOST, () => resolve());
    });
    this.server = server;
    this.logger.info({ port }, 'metrics served');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
