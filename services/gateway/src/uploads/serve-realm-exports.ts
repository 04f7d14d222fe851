import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, REALM_EXPORT_KEY_PREFIX, REALM_EXPORT_URL_PREFIX, Role } from '@zulip-es/contracts';
import { DomainError, type Logger, type ObjectStore } from '@zulip-es/platform';
import type { Dispatcher } from '../dispatch/dispatcher';
import { asDomainError, renderError } from '../http/render';
import { contentDisposition } from './content-disposition';

const NOT_FOUND = '<p>This file does not exist or has been deleted.</p>';
const FORBIDDEN = '<p>You are not authorized to view this file.</p>';

export interface ExportServingDeps {
  dispatcher: Pick<Dispatcher, 'caller'>;
  store: Pick<ObjectStore, 'stat' | 'read'>;
  logger: Logger;
}

/**
 * Organization export archives at Zulip's URL, `/user_avatars/exports/<realm>/<random>/<name>`
 * (the `export_url` of GET /export/realm). Zulip serves them to whoever has the URL; here only
 * with the caller's credentials (HTTP Basic, like `/user_uploads/`), and only to the
 * organization's owners: administrators start, list and delete exports as in Zulip, but an
 * archive holds the whole organization. A deleted export's archive is gone from the bucket: 404.
 */
export function registerRealmExportServing(fastify: FastifyInstance, deps: ExportServingDeps): void {
  fastify.get(
    `${REALM_EXPORT_URL_PREFIX}${REALM_EXPORT_KEY_PREFIX}:realmId(^\\d+$)/*`,
    async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      try {
        const { realmId, '*': rest } = req.params as { realmId: string; '*': string };
        const actor = await deps.dispatcher.caller(req, reply);
        if (Number(realmId) !== actor.realmId || !hasRole(actor.role, Role.OWNER)) {
          return reply.code(403).type('text/html; charset=utf-8').send(FORBIDDEN);
        }
        // No `..` or empty segment: the key is exactly the archive's.
        if (rest.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
          return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND);
        const key = `${REALM_EXPORT_KEY_PREFIX}${realmId}/${rest}`;
        const object = await deps.store.stat(key);
        if (!object) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND);
        return reply
          .code(200)
          .header('Content-Type', object.contentType)
          .header('Content-Disposition', contentDisposition(key, object.contentType, true))
          .header('Cache-Control', 'private, no-store')
          .header('Content-Length', object.size)
          .send(await deps.store.read(key));
      } catch (error) {
        if (!(error instanceof DomainError)) deps.logger.error({ err: error, url: req.url }, 'serving an export failed');
        return renderError(reply, asDomainError(error));
      }
    },
  );
}
