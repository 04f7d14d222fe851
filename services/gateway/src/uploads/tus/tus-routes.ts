import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TUS_PATH } from './tus-upload-url';

/** What answers a tus request (`TusUploads`). */
export interface TusHandler {
  handle(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void>;
}

/**
 * The tus routes, in their own scope (tus reads request bodies itself). Their handler is made on
 * the first tus request: the tus server and its S3 client cost the gateway about 25 MB of memory,
 * which a gateway whose clients never send a resumable upload need not pay. A failed load is
 * tried again by the next request.
 */
export async function registerTusRoutes(fastify: FastifyInstance, load: () => Promise<TusHandler>): Promise<void> {
  let loading: Promise<TusHandler> | undefined;
  const tus = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => (await tus()).handle(req, reply);
    scope.route({ method: ['POST', 'OPTIONS'], url: TUS_PATH, handler });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: `${TUS_PATH}/:id`, handler });
  });
}
