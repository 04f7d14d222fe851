import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { ServiceName } from '@zulip-es/contracts';
import { loadConfig } from '../config/load-config';
import type { ServiceConfig } from '../config/service-config';
import type { Projection } from '../event-store/event-store';
import { startServiceApp } from '../http/service-app';
import { createLogger } from '../logging/logger';
import type { HandlerRegistry } from './handlers';
import { runMain } from './run-main';
import { ServiceRuntime } from './service-runtime';

export interface DomainServiceOptions<S extends z.ZodObject> {
  service: ServiceName;
  configSchema: S;
  /** The health endpoint's port, from the service's configuration. */
  port: (config: z.output<S>) => number;
  assemble: (db: Connection, config: z.output<S>) => { projection: Projection; handlers: HandlerRegistry };
}

/** The `main` of a domain service: configuration, health endpoint, runtime, clean shutdown. */
export function runDomainService<S extends z.ZodObject>(options: DomainServiceOptions<S>): void {
  runMain(async () => {
    const config = loadConfig(options.configSchema) as z.output<S> & ServiceConfig;
    const logger = createLogger(options.service, config.LOG_LEVEL);
    const runtime = new ServiceRuntime({ service: options.service, assemble: (db) => options.assemble(db, config) }, config, logger);
    const app = await startServiceApp({ service: options.service, port: options.port(config), host: config.BIND_HOST, logger, isReady: () => runtime.ready });
    await runtime.start();
    const stop = async () => {
      await runtime.stop();
      await app.close();
      process.exit(0);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

/** A projection for a service whose events topic has no events of its own yet. */
export const NO_PROJECTION: Projection = { apply: async () => undefined };
