import 'reflect-metadata';
import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logging/logger';
import { healthBody } from './health';

@Module({})
class EmptyModule {}

export interface ServiceAppOptions {
  service: string;
  port: number;
  logger: Logger;
  /** Nest module of the service; its providers start and stop with the application. */
  module?: DynamicModule;
  isReady: () => boolean;
  /** Interface to listen on: loopback by default, 0.0.0.0 in containers. */
  host?: string;
  /** Largest request body fastify accepts. */
  bodyLimit?: number;
  /** Registers further routes and plugins before the server starts listening. */
  configure?: (fastify: FastifyInstance) => Promise<void>;
}

/**
 * A NestJS application on fastify that answers `GET /health` (for the local stack and for
 * docker compose health checks) and shuts its module down on SIGTERM and SIGINT.
 */
export async function startServiceApp(options: ServiceAppOptions): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(options.module ?? EmptyModule, new FastifyAdapter({ bodyLimit: options.bodyLimit }), {
    logger: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/health', async (_req, reply) => {
    const ready = options.isReady();
    return reply.code(ready ? 200 : 503).send(healthBody({ service: options.service, ready }));
  });
  await options.configure?.(fastify);
  await app.listen(options.port, options.host ?? '127.0.0.1');
  options.logger.info({ port: options.port }, 'health endpoint listening');
  return app;
}

export type { INestApplicationContext };
