import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withLogContext, type LogContext, type Logger } from '@zulip-es/platform';

/** A caller's own request id is kept when it is a plain token of reasonable length; otherwise one is made. */
const GIVEN_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * The request's id: the caller's `X-Request-Id` (a proxy in front may set one) or a new UUID.
 * It is the correlation id of every command, event and log line the request leads to.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Probes, polled every few seconds by orchestrators: their lines only at debug level. */
const PROBES = new Set(['/health', '/metrics']);

/**
 * One log line per request (method, route, status, duration, caller, correlation id), and the
 * request's id on its answer and on every log line written while handling it. Registered before
 * the routes, so that their handlers run inside the request's log context.
 */
export function registerRequestLog(fastify: FastifyInstance, logger: Logger): void {
  const contexts = new WeakMap<FastifyRequest, LogContext>();
  fastify.addHook('onRequest', (req, reply, done) => {
    const context: LogContext = { correlationId: req.id };
    contexts.set(req, context);
    reply.header('x-request-id', req.id);
    withLogContext(context, done);
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    const line = {
      ...contexts.get(req),
      method: req.method,
      route: route ?? null,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (route !== undefined && PROBES.has(route)) logger.debug(line, 'request');
    else logger.info(line, 'request');
    done();
  });
}
