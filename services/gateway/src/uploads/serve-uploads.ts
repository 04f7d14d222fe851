import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ATTACHMENT_ACCESS, AttachmentAccessReply, THUMBNAIL_FORMATS, thumbnailFormatName, thumbnailKey } from '@zulip-es/contracts';
import { DomainError, type Logger, type ObjectStore, type StoredObject } from '@zulip-es/platform';
import type { Credential } from '../auth/auth-read-model';
import { originOf, type Dispatcher } from '../dispatch/dispatcher';
import { asDomainError, renderError, renderSuccess } from '../http/render';
import { contentDisposition } from './content-disposition';
import { byteRange } from './byte-range';
import type { TemporaryUrls } from './temporary-url';

export interface UploadServingDeps {
  dispatcher: Pick<Dispatcher, 'caller' | 'request'>;
  store: Pick<ObjectStore, 'stat' | 'read'>;
  urls: TemporaryUrls;
  logger: Logger;
}

type FileRequest = FastifyRequest<{ Params: { realmId: string; '*': string } }>;

const NOT_FOUND = '<p>This file does not exist or has been deleted.</p>';
const FORBIDDEN = '<p>You are not authorized to view this file.</p>';

/**
 * Zulip's file URLs, whose bytes the gateway streams from the uploads bucket once the messages
 * service says the caller may read the file (`attachment.access`: the uploader, or a reader of
 * a message that claims it):
 * - `/user_uploads/<realm>/<path>`: the file, with the API's Basic authentication (Zulip's
 *   `override_api_url_scheme`); `/user_uploads/download/...` the same as a download.
 * - `GET /api/v1/user_uploads/<realm>/<path>`: a temporary URL of the file, for clients that
 *   cannot send credentials with a download;
 * - `/user_uploads/temporary/<token>/<name>`: the file, for whoever holds a valid token;
 * - `/user_uploads/thumbnail/<realm>/<path>/<format>`: a thumbnail of an image, for whoever may read the image.
 */
export function registerUploadServing(fastify: FastifyInstance, deps: UploadServingDeps): void {
  const pathIdOf = (req: FileRequest) => `${req.params.realmId}/${req.params['*']}`;
  const guarded =
    (handler: (req: FileRequest, reply: FastifyReply) => Promise<FastifyReply>) => async (req: FileRequest, reply: FastifyReply) => {
      try {
        return await handler(req, reply);
      } catch (error) {
        if (!(error instanceof DomainError)) deps.logger.error({ err: error, url: req.url }, 'serving an upload failed');
        return renderError(reply, asDomainError(error));
      }
    };
  const REALM = ':realmId(^\\d+$)';

  fastify.get(
    `/user_uploads/${REALM}/*`,
    guarded(async (req, reply) => serveAuthorized(deps, req, reply, pathIdOf(req), false)),
  );
  fastify.get(
    `/user_uploads/thumbnail/${REALM}/*`,
    guarded(async (req, reply) => {
      const path = pathIdOf(req);
      const slash = path.lastIndexOf('/');
      const pathId = path.slice(0, slash);
      return (await accessDenied(deps, req, reply, pathId)) ?? streamThumbnail(deps, req, reply, pathId, path.slice(slash + 1));
    }),
  );
  fastify.get(
    `/user_uploads/download/${REALM}/*`,
    guarded(async (req, reply) => serveAuthorized(deps, req, reply, pathIdOf(req), true)),
  );
  fastify.get(
    `/api/v1/user_uploads/${REALM}/*`,
    guarded(async (req, reply) => {
      const pathId = pathIdOf(req);
      const denied = await accessDenied(deps, req, reply, pathId);
      return denied ?? renderSuccess(reply, { url: deps.urls.urlFor(pathId, new Date()) }, []);
    }),
  );
  fastify.get(
    '/user_uploads/temporary/:token/:filename',
    guarded(async (req, reply) => {
      const { token, filename } = req.params as unknown as { token: string; filename: string };
      const pathId = deps.urls.pathIdOf(token, new Date());
      if (pathId === null) throw new DomainError('BAD_REQUEST', 'Invalid token');
      if (pathId.slice(pathId.lastIndexOf('/') + 1) !== filename) throw new DomainError('BAD_REQUEST', 'Invalid filename');
      return stream(deps, req, reply, pathId, false);
    }),
  );
}

async function serveAuthorized(
  deps: UploadServingDeps,
  req: FileRequest,
  reply: FastifyReply,
  pathId: string,
  download: boolean,
): Promise<FastifyReply> {
  return (await accessDenied(deps, req, reply, pathId)) ?? stream(deps, req, reply, pathId, download);
}

/** Zulip's HTML answers for a file that is not there or not the caller's to read; undefined when readable. */
async function accessDenied(
  deps: UploadServingDeps,
  req: FileRequest,
  reply: FastifyReply,
  pathId: string,
): Promise<FastifyReply | undefined> {
  const actor: Credential = await deps.dispatcher.caller(req, reply);
  const body = await deps.dispatcher.request(originOf(req), actor, {
    service: 'messages',
    type: ATTACHMENT_ACCESS,
    kind: 'query',
    key: `user:${actor.userId}`,
    data: { pathId },
  });
  const { access } = AttachmentAccessReply.parse(body);
  if (access === 'missing') return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND);
  if (access === 'forbidden') return reply.code(403).type('text/html; charset=utf-8').send(FORBIDDEN);
  return undefined;
}

/**
 * The thumbnail asked for, or the nearest one stored (Zulip serves a close format when a client
 * asks for one the server did not make): the same animation first, then any.
 */
async function streamThumbnail(
  deps: UploadServingDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  pathId: string,
  formatName: string,
): Promise<FastifyReply> {
  // Zulip's `BaseThumbnailFormat.from_string`.
  if (!/^\d+x\d+(-anim)?\.\w+$/u.test(formatName)) throw new DomainError('BAD_REQUEST', 'Invalid thumbnail format');
  const animated = formatName.includes('-anim.');
  const candidates = [
    formatName,
    ...THUMBNAIL_FORMATS.filter((f) => f.animated === animated).map(thumbnailFormatName),
    ...THUMBNAIL_FORMATS.map(thumbnailFormatName),
  ];
  for (const name of new Set(candidates)) {
    const key = thumbnailKey(pathId, name);
    const object = await deps.store.stat(key);
    if (object) return send(deps, req, reply, key, object, false);
  }
  return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND);
}

/** The object's bytes, whole or the one range asked for, with Zulip's caching and disposition headers. */
async function stream(
  deps: UploadServingDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  pathId: string,
  download: boolean,
): Promise<FastifyReply> {
  const object = await deps.store.stat(pathId);
  if (!object) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND);
  return send(deps, req, reply, pathId, object, download);
}

/** `stream` for an object already looked up. */
async function send(
  deps: UploadServingDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  pathId: string,
  object: StoredObject,
  download: boolean,
): Promise<FastifyReply> {
  reply
    .header('Content-Type', object.contentType)
    .header('Content-Disposition', contentDisposition(pathId, object.contentType, download))
    .header('Cache-Control', 'private, immutable')
    .header('Accept-Ranges', 'bytes');
  const range = byteRange(req.headers.range, object.size);
  if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${object.size}`).send();
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`)
      .header('Content-Length', range.length)
      .send(await deps.store.read(pathId, range));
  }
  return reply
    .code(200)
    .header('Content-Length', object.size)
    .send(await deps.store.read(pathId));
}
