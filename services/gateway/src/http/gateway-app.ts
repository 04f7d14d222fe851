import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Socket } from 'node:net';
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
/**
 * A request node's HTTP parser refuses before any route sees it: an URL and headers over node's
 * 16 KiB (a GET whose query string carries huge parameters), or malformed HTTP. Answered with
 * Zulip's error shape, as every other refusal, rather than fastify's own.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, msg] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'The request line and headers are too large (limit: 16 KiB).']
    : [400, 'Bad Request', 'Malformed HTTP request.'];
  const body = JSON.stringify({ result: 'error', code: 'BAD_REQUEST', msg });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

export async function startGatewayApp(options: GatewayAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(EmptyModule, adapter, { logger: false });
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
