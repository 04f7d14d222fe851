import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SERVER_EMOJI_DATA_PATH } from '@zulip-es/contracts';
import { emojiDataFile } from '@zulip-es/zulip-emoji';

/**
 * Zulip's emoji data file, at the path `server_emoji_data_url` announces: the mobile app downloads
 * it for its emoji picker, without credentials. It is the same for every organization and changes
 * only with a new build, so it is made once and revalidated by its ETag.
 */
export function registerEmojiData(fastify: FastifyInstance): void {
  const body = Buffer.from(emojiDataFile());
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  fastify.get(SERVER_EMOJI_DATA_PATH, async (req, reply) => {
    reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json').send(body);
  });
}
