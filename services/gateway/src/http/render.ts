import type { FastifyReply } from 'fastify';
import { DomainError } from '@zulip-es/platform';

/** `{"result":"success","msg":"",...}`, with `ignored_parameters_unsupported` when there were any. */
export function renderSuccess(reply: FastifyReply, body: Record<string, unknown>, ignored: string[]): FastifyReply {
  const payload: Record<string, unknown> = { result: 'success', msg: '', ...body };
  if (ignored.length > 0) payload.ignored_parameters_unsupported = ignored;
  return reply.code(200).type('application/json').send(JSON.stringify(payload));
}

/** The one place an error becomes Zulip's JSON: status, `code`, `msg` and the extra fields. */
export function renderError(reply: FastifyReply, error: DomainError): FastifyReply {
  if (error.status === 401) reply.header('WWW-Authenticate', 'Basic realm="zulip"');
  if (error.code === 'RATE_LIMIT_HIT') reply.header('Retry-After', String(Math.ceil(Number(error.extra['retry-after'] ?? 1))));
  const payload = { result: 'error', msg: error.msg, code: error.code, ...error.extra };
  return reply.code(error.status).type('application/json').send(JSON.stringify(payload));
}

export function asDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (isRedisTrouble(error)) return new DomainError('SERVICE_UNAVAILABLE', 'Service temporarily unavailable, please try again.');
  return new DomainError('INTERNAL_SERVER_ERROR', 'Internal server error');
}

/**
 * Redis full (its `noeviction` policy refuses writes past `maxmemory`) or unreachable (ioredis
 * gave up retrying): event queues and uploads in progress cannot be served now, which is no
 * fault of the request. A 503 tells a client to try again, as Zulip's clients do.
 */
function isRedisTrouble(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'MaxRetriesPerRequestError' || (error.name === 'ReplyError' && error.message.startsWith('OOM '));
}
