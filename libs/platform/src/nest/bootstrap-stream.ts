import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NodeHttpAdapter } from './http/node-http-adapter';
import type { ServiceConfig } from '../config/service-config';
import { createLogger } from '../logging/logger';
import { onStopSignal, runMain } from '../runtime/run-main';
import { NestLogger } from './nest-logger';
import { StreamRuntime } from './stream-runtime';
import { SERVICE_CONFIG } from './tokens';

type RootModule = Parameters<typeof NestFactory.create>[0];

export interface StreamServiceEntry {
  service: 'realtime';
  /** The health endpoint's port, from the service's configuration. */
  port: (config: ServiceConfig) => number;
}

/**
 * The `main` of a service without a commands topic (realtime): a Nest application whose HTTP
 * side answers `/health`, `starting` until its StreamRuntime has started. SIGTERM or SIGINT
 * closes it (its providers' hooks stop their work first) and exits 0.
 */
export function bootstrapStreamService(root: RootModule, entry: StreamServiceEntry): void {
  runMain(async () => {
    const app = await NestFactory.create(root, new NodeHttpAdapter(), {
      abortOnError: false,
      logger: new NestLogger(createLogger(entry.service, process.env.LOG_LEVEL)),
    });
    const config = app.get<ServiceConfig>(SERVICE_CONFIG);
    await app.listen(entry.port(config), config.BIND_HOST);
    await app.get(StreamRuntime).start();
    onStopSignal(async () => {
      await app.close();
      process.exit(0);
    });
  });
}
