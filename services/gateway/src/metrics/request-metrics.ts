import type { FastifyInstance } from 'fastify';
import type { Metrics } from '@zulip-es/platform';

/**
 * `zulip_http_request_duration_seconds{method, route, status}`: every answered request, by the
 * route's pattern (one per operation of the table; `unmatched` for a path no route has, so that
 * probing clients cannot add labels).
 */
export function registerRequestMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  const duration = metrics.histogram('zulip_http_request_duration_seconds', 'Time from a request to its answer, by route and status.', [
    'method',
    'route',
    'status',
  ]);
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
