import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withLogContext, type LogContext, type Logger, type Metrics } from '@zulip-es/platform';

/** A caller's own request id is kept when it is a plain token of reasonable length; otherwise one is made. */
const GIVEN_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * Ids this process makes: random per start (so instances and restarts never meet), then
 * counted. Cheaper than a UUID per request, which the probes' rate showed.
 */
const madeHere = { prefix: randomBytes(6).toString('hex'), next: 0 };

/**
 * The request's id: the caller's `X-Request-Id` (a proxy in front may set one) or a new one.
 * It is the correlation id of every command, event and log line the request leads to.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : `${madeHere.prefix}-${(madeHere.next++).toString(36)}`;
}

/**
 * Probes, polled every few seconds by orchestrators (and as fast as a load balancer likes): no
 * log context, no duration histogram, their lines only at debug level.
 */
const PROBES = new Set(['/health', '/metrics']);

/**
 * What every request leaves behind, in one hook at each end (each hook costs every request):
 * its id on the answer, a log context for the lines written while it is handled (its id and,
 * once authenticated, the caller), one log line (method, route, status, duration), and
 * `zulip_http_request_duration_seconds{method, route, status}` by the route's pattern (probes aside)
 * (`unmatched` for a path no route has, so probing clients cannot add labels). Registered before
 * the routes, so that their handlers run inside the request's log context.
 */
export function observeRequests(fastify: FastifyInstance, { logger, metrics }: { logger: Logger; metrics: Metrics }): void {
  const duration = metrics.histogram('zulip_http_request_duration_seconds', 'Time from a request to its answer, by route and status.', [
    'method',
    'route',
    'status',
  ]);
  const contexts = new WeakMap<FastifyRequest, LogContext>();
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    const route = req.routeOptions.url;
    if (route !== undefined && PROBES.has(route)) return done();
    const context: LogContext = { correlationId: req.id };
    contexts.set(req, context);
    withLogContext(context, done);
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const probe = PROBES.has(route);
    if (probe && !logger.isLevelEnabled('debug')) return done();
    const status = reply.statusCode;
    if (!probe) duration.observe({ method: req.method, route, status: String(status) }, reply.elapsedTime / 1000);
    const line = {
      correlationId: req.id,
      ...contexts.get(req),
      method: req.method,
      route: req.routeOptions.url ?? null,
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (probe) logger.debug(line, 'request');
    else logger.info(line, 'request');
    done();
  });
}
