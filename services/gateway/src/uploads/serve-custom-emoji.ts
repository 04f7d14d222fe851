import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger, ObjectStore } from '@zulip-es/platform';
import { CUSTOM_EMOJI_URL_PREFIX } from '@zulip-es/zulip-emoji';

const NOT_FOUND = '<p>File not found</p>';

/**
 * Custom emoji images at Zulip's `/user_avatars/<realm>/emoji/...`, without credentials, as Zulip
 * serves them: their file names are unguessable, and clients load them as plain images. They never
 * change once written, so they are cached for a year.
 */
export function registerCustomEmojiServing(
  fastify: FastifyInstance,
  deps: { store: Pick<ObjectStore, 'stat' | 'read'>; logger: Logger },
): void {
  fastify.get(`${CUSTOM_EMOJI_URL_PREFIX}:realmId(^\\d+$)/emoji/*`, async (req, reply): Promise<FastifyReply> => {
    const { realmId, '*': rest } = req.params as { realmId: string; '*': string };
    const key = `${realmId}/emoji/${rest}`;
    try {
      const object = await deps.store.stat(key);
      if (!object) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND);
      return reply
        .code(200)
        .type(object.contentType)
        .header('Content-Length', object.size)
        .header('Cache-Control', 'max-age=31536000, public, immutable')
        .send(await deps.store.read(key));
    } catch (error) {
      deps.logger.error({ err: error, key }, 'serving a custom emoji failed');
      return reply.code(500).type('text/html; charset=utf-8').send('<p>Internal server error</p>');
    }
  });
}
