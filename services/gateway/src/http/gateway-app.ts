import type { Socket } from 'node:net';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { requestIdOf } from './request-observer';

/** A path parameter's longest form: a temporary upload URL's token carries the path id it grants (fastify's default is 100). */
const MAX_PARAM_LENGTH = 1024;

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

/** Nest's fastify adapter as the gateway needs it (the API's body limit is set per route). */
export const gatewayAdapter = (): FastifyAdapter =>
  new FastifyAdapter({
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    clientErrorHandler: answerClientError,
    genReqId: requestIdOf,
  });
