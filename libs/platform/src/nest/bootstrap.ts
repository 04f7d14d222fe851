import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NodeHttpAdapter } from './http/node-http-adapter';
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Documents } from '../mongo/document-collection';
import { eventsTopic, type ServiceName } from '@zulip-es/contracts';
import type { ServiceConfig } from '../config/service-config';
import type { Projection } from '../event-store/event-store';
import { createLogger } from '../logging/logger';
import { rebuildProjection } from '../runtime/rebuild-projection';
import { quarantineCommand, refuseWhileRunning } from '../runtime/run-quarantine';
import { onStopSignal, runMain } from '../runtime/run-main';
import { CommandTransport, PassErrorsToProcessor } from './command-transport';
import { NestLogger } from './nest-logger';
import { ServiceRuntime } from './service-runtime';
import { KAFKA, MONGO_CONNECTION, PROJECTION, PROJECTION_ON, SERVICE_CONFIG } from './tokens';

type RootModule = Parameters<typeof NestFactory.create>[0];

export interface DomainServiceEntry {
  service: ServiceName;
  /** The health endpoint's port, from the service's configuration. */
  port: (config: ServiceConfig) => number;
}

/**
 * The `main` of a domain service: a Nest application whose HTTP side answers `/health` (from
 * the start, `starting` during the catch-up) and whose commands topic is its microservice
 * transport. SIGTERM or SIGINT closes it in order (see ServiceRuntime.stop) and exits 0.
 */
export function bootstrapDomainService(root: RootModule, entry: DomainServiceEntry): void {
  runMain(async () => {
    const app = await NestFactory.create(root, new NodeHttpAdapter(), {
      abortOnError: false,
      logger: new NestLogger(createLogger(entry.service, process.env.LOG_LEVEL)),
    });
    const config = app.get<ServiceConfig>(SERVICE_CONFIG);
    const transport = new CommandTransport(app.get(ServiceRuntime), config);
    // Before the transport is connected: its handlers' filters are fixed when it is.
    app.useGlobalFilters(new PassErrorsToProcessor(app.getHttpAdapter()));
    app.connectMicroservice({ strategy: transport }, { inheritAppConfig: true });
    await app.listen(entry.port(config), config.BIND_HOST);
    await app.startAllMicroservices();
    onStopSignal(async () => {
      await app.close();
      process.exit(0);
    });
  });
}

/**
 * `npm run rebuild -- <service>`: refuses while the service answers on its health port, then
 * rebuilds its projection from its events topic. `root` provides the platform and the
 * projection only: nothing consumes commands or events meanwhile.
 */
export function rebuildDomainService(root: RootModule, entry: DomainServiceEntry): void {
  runMain(async () => {
    const logger = createLogger(`${entry.service}-rebuild`, process.env.LOG_LEVEL);
    const context: INestApplicationContext = await NestFactory.createApplicationContext(root, {
      abortOnError: false,
      logger: new NestLogger(logger),
    });
    try {
      await refuseWhileRunning(entry.service, entry.port(context.get(SERVICE_CONFIG)), 'rebuilding its projection');
      const started = Date.now();
      const events = await rebuildProjection({
        kafka: context.get<Kafka>(KAFKA),
        db: context.get<Connection>(MONGO_CONNECTION),
        topic: eventsTopic(entry.service),
        projection: context.get<Projection>(PROJECTION),
        projectionOn: optional<(documents: Documents) => Projection>(context, PROJECTION_ON),
        logger,
      });
      console.log(`${entry.service}: projection rebuilt from ${events} events in ${Date.now() - started} ms`);
    } finally {
      await context.close();
    }
    process.exit(0);
  });
}

/** `npm run quarantine -- <service> list|replay|clear` (see quarantineCommand); `root` as for a rebuild. */
export function quarantineDomainService(root: RootModule, entry: DomainServiceEntry, [action] = process.argv.slice(2)): void {
  runMain(async () => {
    const logger = createLogger(`${entry.service}-quarantine`, process.env.LOG_LEVEL);
    const context = await NestFactory.createApplicationContext(root, { abortOnError: false, logger: new NestLogger(logger) });
    let code = 0;
    try {
      code = await quarantineCommand(
        {
          service: entry.service,
          port: entry.port(context.get(SERVICE_CONFIG)),
          db: context.get<Connection>(MONGO_CONNECTION),
          kafka: () => context.get<Kafka>(KAFKA),
          logger,
          projection: () => ({
            projection: context.get<Projection>(PROJECTION),
            projectionOn: optional<(documents: Documents) => Projection>(context, PROJECTION_ON),
          }),
        },
        action,
      );
    } finally {
      await context.close();
    }
    process.exit(code);
  });
}

/** A provider the root module may leave out. */
function optional<T>(context: INestApplicationContext, token: symbol): T | undefined {
  try {
    return context.get<T>(token, { strict: false });
  } catch {
    return undefined;
  }
}
