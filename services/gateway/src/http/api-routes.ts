import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Operation } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import type { Dispatcher } from '../dispatch/dispatcher';
import { allowedMethodsFor, renderMethodNotAllowed } from './method-not-allowed';
import { registerMultipartBody } from './multipart-body';

/** The most of a refused body the gateway reads and drops so that its client gets the answer. */
const DRAINED_BODY_BYTES = 64 * 1024 * 1024;
import { renderError } from './render';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's operation takes a file (`Operation.takesFile`): its dispatcher reads the multipart body. */
    takesFile?: boolean;
  }
}

/**
 * Zulip's `{name}` path parameters in fastify's `:name` form. A numeric parameter matches digits
 * only, as in Zulip's URL patterns (`users/(?P<user_id>[0-9]+)`), so `/users/{user_id}` and
 * `/users/{email}` are told apart by the path segment alone.
 */
export const routePath = (op: Operation): string =>
  op.path.replace(/\{(\w+)\}/g, (_match, name: string) => (isNumeric(op.params.shape[name]) ? `:${name}(^\\d+$)` : `:${name}`));

const WRAPPERS = new Set(['optional', 'default', 'nullable', 'readonly']);

function isNumeric(schema: unknown): boolean {
  let def = (schema as { _zod?: { def: { type: string; innerType?: unknown } } } | undefined)?._zod?.def;
  while (def && WRAPPERS.has(def.type)) def = (def.innerType as { _zod: { def: typeof def } } | undefined)?._zod.def;
  return def?.type === 'number';
}

/**
 * The API as one encapsulated fastify plugin under `/api/v1`: one route per operation, all
 * served by the dispatcher, with its own body parsing and Zulip-shaped not-found, method-not-allowed
 * and error answers (the root keeps NestJS's).
 */
export async function registerApiRoutes(
  fastify: FastifyInstance,
  operations: readonly Operation[],
  dispatcher: Pick<Dispatcher, 'handler'>,
  /** Largest form body of an operation (uploads have their own limit). */
  bodyLimit: number,
  /** The gateway's own API routes (no operation of a service): they share the body parsing and error answers. */
  ownRoutes: (api: FastifyInstance) => void = () => undefined,
): Promise<void> {
  await fastify.register(
    async (api) => {
      // Zulip reads parameters from form bodies only (URL-encoded or multipart); other bodies are
      // ignored rather than refused.
      api.removeAllContentTypeParsers();
      await api.register(formbody);
      await registerMultipartBody(api);
      api.addContentTypeParser('*', (_req, payload, done) => {
        payload.resume();
        payload.on('end', () => done(null, {}));
      });
      for (const op of operations) {
        api.route({
          method: op.method,
          url: routePath(op),
          bodyLimit,
          handler: dispatcher.handler(op),
          config: { takesFile: op.takesFile === true },
        });
      }
      ownRoutes(api);
      // A path routed for other methods only is Zulip's 405 (zulip-js's GET /realm/filters, say).
      const allowedMethods = allowedMethodsFor(operations.map((op) => ({ method: op.method, url: routePath(op) })));
      api.setNotFoundHandler((req, reply) => {
        const allowed = allowedMethods(req.url.slice(API_PREFIX.length).split('?')[0]);
        if (allowed.length > 0) return renderMethodNotAllowed(reply, allowed);
        return renderError(reply, new DomainError('BAD_REQUEST', 'Not Found', {}, 404));
      });
      api.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        // Fastify closes the connection on a body it refuses while the client may still be
        // sending it, and the client then meets a reset instead of the 413. A body of declared
        // length up to DRAINED_BODY_BYTES is read to its end and dropped instead (nginx's
        // lingering close), so that the answer arrives.
        if (status === 413 && Number(req.headers['content-length']) <= DRAINED_BODY_BYTES) reply.header('connection', 'keep-alive');
        const msg =
          status === 413 ? 'Request body too large' : status < 500 ? `Malformed request: ${error.message}` : 'Internal server error';
        return renderError(reply, new DomainError(status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR', msg, {}, status));
      });
    },
    { prefix: API_PREFIX },
  );
}
