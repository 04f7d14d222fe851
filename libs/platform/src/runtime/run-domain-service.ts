import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { eventsTopic, type ServiceName } from '@zulip-es/contracts';
import { loadConfig } from '../config/load-config';
import type { ServiceConfig } from '../config/service-config';
import type { Projection } from '../event-store/event-store';
import { startHealthServer } from '../http/health-server';
import { createKafka } from '../kafka/kafka-client';
import { createLogger, type Logger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import { rebuildProjection } from './rebuild-projection';
import { onStopSignal, runMain } from './run-main';
import { AssembledServiceRuntime, type ServiceAssembly, type ServiceParts } from './service-runtime';

/** A domain service as its `main` and its `rebuild` entry point both need it. */
export interface DomainServiceOptions<S extends z.ZodObject> {
  service: ServiceName;
  configSchema: S;
  /** The health endpoint's port, from the service's configuration. */
  port: (config: z.output<S>) => number;
  assemble: (db: Connection, config: z.output<S>) => ServiceAssembly;
  /**
   * Work beside the command path (e.g. relaying events to BullMQ queues and their workers),
   * started once the projection has caught up and stopped before the runtime.
   */
  background?: (parts: ServiceParts, config: z.output<S>, logger: Logger) => Promise<BackgroundWork>;
}

export interface BackgroundWork {
  stop(): Promise<void>;
}

/** The `main` of a domain service: configuration, health endpoint, runtime, clean shutdown. */
export function runDomainService<S extends z.ZodObject>(options: DomainServiceOptions<S>): void {
  runMain(async () => {
    const config = loadConfig(options.configSchema) as z.output<S> & ServiceConfig;
    const logger = createLogger(options.service, config.LOG_LEVEL);
    const runtime = new AssembledServiceRuntime(
      { service: options.service, assemble: (db) => options.assemble(db, config) },
      config,
      logger,
    );
    const app = await startHealthServer({
      service: options.service,
      port: options.port(config),
      host: config.BIND_HOST,
      logger,
      isReady: () => runtime.ready,
      staleReadModels: () => runtime.staleReadModels(),
      details: () => runtime.health(),
    });
    const parts = await runtime.start();
    const background = await options.background?.(parts, config, logger);
    const stop = async () => {
      await background?.stop();
      await runtime.stop();
      await app.close();
      process.exit(0);
    };
    onStopSignal(stop);
  });
}

/**
 * `npm run rebuild -- <service>`: refuses while the service answers on its health port, then
 * rebuilds its projection from its events topic.
 */
export function runRebuild<S extends z.ZodObject>(options: DomainServiceOptions<S>): void {
  runMain(async () => {
    const config = loadConfig(options.configSchema) as z.output<S> & ServiceConfig;
    const logger = createLogger(`${options.service}-rebuild`, config.LOG_LEVEL);
    await refuseWhileRunning(options.service, options.port(config), 'rebuilding its projection');
    const kafka = createKafka(`${options.service}-rebuild`, config.KAFKA_BROKERS, logger);
    const db = await connectMongo(config.MONGO_URL, options.service);
    try {
      const started = Date.now();
      const { projection, projectionOn } = options.assemble(db, config);
      const events = await rebuildProjection({ kafka, db, topic: eventsTopic(options.service), projection, projectionOn, logger });
      console.log(`${options.service}: projection rebuilt from ${events} events in ${Date.now() - started} ms`);
    } finally {
      await db.close();
    }
    process.exit(0);
  });
}

/** Operator commands that rewrite a service's projection run only while the service is stopped. */
export async function refuseWhileRunning(service: string, port: number, doing: string): Promise<void> {
  const running = await fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    () => false,
  );
  if (running) throw new Error(`${service} is running (health port ${port}); stop it before ${doing}`);
}

/** A projection for a service whose events topic has no events of its own yet. */
export const NO_PROJECTION: Projection = { apply: async () => undefined };
