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

export const asDomainError = (error: unknown): DomainError =>
  error instanceof DomainError ? error : new DomainError('INTERNAL_SERVER_ERROR', 'Internal server error');
