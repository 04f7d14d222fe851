import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { healthBody, healthStatusCode, type Logger } from '@zulip-es/platform';

@Module({})
class EmptyModule {}

/** A path parameter's longest form: a temporary upload URL's token carries the path id it grants (fastify's default is 100). */
const MAX_PARAM_LENGTH = 1024;

export interface GatewayAppOptions {
  service: string;
  port: number;
  logger: Logger;
  isReady: () => boolean;
  /** The read models that do not follow their topics right now (the answer is 503 meanwhile). */
  staleReadModels?: () => readonly string[];
  /** Interface to listen on: loopback by default, 0.0.0.0 in containers. */
  host?: string;
  /** Largest request body fastify accepts. */
  bodyLimit?: number;
  /** Figures added to the health answer, for operators (the long-polls held, the events in quarantine). */
  details?: () => Record<string, number>;
  /** Registers further routes and plugins before the server starts listening. */
  configure?: (fastify: FastifyInstance) => Promise<void>;
}

/**
 * The gateway's NestJS application on fastify: `GET /health` (for the local stack and docker
 * compose health checks) and the routes `configure` registers. Domain services answer their
 * health check without NestJS (`startHealthServer` in the platform).
 */
export async function startGatewayApp(options: GatewayAppOptions): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(EmptyModule, new FastifyAdapter({ bodyLimit: options.bodyLimit, routerOptions: { maxParamLength: MAX_PARAM_LENGTH } }), {
    logger: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/health', async (_req, reply) => {
    const body = healthBody({ service: options.service, ready: options.isReady(), staleReadModels: options.staleReadModels?.() });
    return reply.code(healthStatusCode(body)).send({ ...body, ...options.details?.() });
  });
  await options.configure?.(fastify);
  await app.listen(options.port, options.host ?? '127.0.0.1');
  options.logger.info({ port: options.port }, 'health endpoint listening');
  return app;
}

