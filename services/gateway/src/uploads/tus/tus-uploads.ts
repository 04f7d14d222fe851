import type { IncomingMessage } from 'node:http';
import { EVENTS, Server, type Locker, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoredFile, uploadFile } from '@zulip-es/contracts';
import { DomainError, type Logger } from '@zulip-es/platform';
import type { Credential } from '../../auth/auth-read-model';
import { originOf, type Dispatcher, type RequestOrigin } from '../../dispatch/dispatcher';
import { asDomainError, renderError } from '../../http/render';
import { newPathId } from '../path-id';
import { uploadedFileName } from '../sanitize-file-name';
import { pathIdOfSegment, TUS_PATH, uploadUrlSegment } from './tus-upload-url';
import type { TusHandler } from './tus-routes';
import type { UploadStore } from './upload-store';

const MIB = 1024 * 1024;
/** The upload's metadata entry naming its uploader (set by the server, whatever the client sent). */
const OWNER = 'zulip_owner';
/** tus's "not found" body: another user's upload is answered as if it did not exist. */
const NOT_FOUND = { status_code: 404, body: 'The file for this url does not exist\n' };

export interface TusUploadsDeps {
  store: UploadStore;
  dispatcher: Pick<Dispatcher, 'caller' | 'request'>;
  /** Upload locks shared by every gateway instance (`RedisLocker`). */
  locker: Locker;
  maxFileUploadSizeMib: number;
  logger: Logger;
}

/** tus hands its hooks a web Request; the Node request under it carries the caller. */
type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];

/**
 * `/api/v1/tus`: Zulip's resumable uploads (the tus 1.0.0 protocol: creation, HEAD offsets, PATCH,
 * termination, OPTIONS discovery), served by `@tus/server` on the uploads bucket. Every request but
 * OPTIONS is authenticated as the rest of the API is; a user continues or terminates only their
 * own uploads. An upload's id is its path id, so a finished upload's object is where
 * `POST /user_uploads` would have put it; it is then recorded with the same `attachment.upload`
 * command, and the last PATCH answers what `POST /user_uploads` answers.
 */
export class TusUploads implements TusHandler {
  private readonly server: Server;
  private readonly callers = new WeakMap<IncomingMessage, { actor: Credential; origin: RequestOrigin }>();

  constructor(private readonly deps: TusUploadsDeps) {
    this.server = new Server({
      path: TUS_PATH,
      datastore: deps.store,
      locker: deps.locker,
      maxSize: deps.maxFileUploadSizeMib * MIB,
      // The object is an attachment once finished: only DELETE /attachments/{id} removes it.
      disableTerminationForFinishedUploads: true,
      namingFunction: (req, metadata) => newPathId(this.caller(req).actor.realmId, fileNameOf(metadata)),
      generateUrl: (_req, { proto, host, path, id }) => `${proto}://${host}${path}/${uploadUrlSegment(id)}`,
      getFileIdFromRequest: (_req, lastPath) => pathIdOfSegment(lastPath),
      onUploadCreate: async (req, upload) => {
        // Refused before any byte is sent rather than when the record is.
        if (!StoredFile.shape.name.safeParse(fileNameOf(upload.metadata)).success)
          throw tusError(new DomainError('BAD_REQUEST', 'filename is too long (limit: 255 characters)'));
        return {
          metadata: { ...upload.metadata, [OWNER]: String(this.caller(req).actor.userId), contentType: contentTypeOf(upload.metadata) },
        };
      },
      onIncomingRequest: (req, id) => this.checkOwner(req, id),
      onUploadFinish: (req, upload) => this.record(req, upload),
    });
    this.server.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => deps.logger.info({ pathId: id }, 'tus upload terminated'));
  }

  /** One tus request (the routes: `registerTusRoutes`). */
  async handle(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    // Discovery needs no account (a browser's CORS preflight carries no credentials).
    if (req.method !== 'OPTIONS') {
      let actor: Credential;
      try {
        // Authenticated and rate limited as every other API request.
        actor = await this.deps.dispatcher.caller(req, reply);
      } catch (error) {
        return renderError(reply, asDomainError(error));
      }
      this.callers.set(req.raw, { actor, origin: originOf(req) });
    }
    reply.hijack();
    try {
      await this.server.handle(req.raw, reply.raw);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'tus request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
    }
  }

  private caller(req: TusRequest) {
    const raw = (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const caller = raw && this.callers.get(raw);
    if (!caller) throw { status_code: 401, body: 'Not logged in\n' };
    return caller;
  }

  /** Creation makes the caller the owner; any other request is for the owner's upload only. */
  private async checkOwner(req: TusRequest, id: string): Promise<void> {
    const { actor } = this.caller(req);
    if (req.method === 'POST') return;
    const upload = await this.deps.store.getUpload(id);
    if (upload.metadata?.[OWNER] !== String(actor.userId)) throw NOT_FOUND;
  }

  /** The finished upload becomes an attachment, as `POST /user_uploads` makes one. */
  private async record(req: TusRequest, upload: Upload): Promise<{ status_code: number; headers: Record<string, string>; body: string }> {
    const { actor, origin } = this.caller(req);
    const file: StoredFile = {
      pathId: upload.id,
      name: fileNameOf(upload.metadata),
      size: upload.size ?? upload.offset,
      contentType: contentTypeOf(upload.metadata),
    };
    try {
      if (file.size === 0) await this.deps.store.storeEmpty(file.pathId, file.contentType);
      const body = await this.deps.dispatcher.request(origin, actor, {
        service: uploadFile.service,
        type: uploadFile.type,
        kind: uploadFile.kind,
        key: 'realm',
        data: { file },
      });
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ result: 'success', msg: '', ...body }),
      };
    } catch (error) {
      // As for POST /user_uploads: not after a timeout, the service may still record the file.
      const timedOut = error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE';
      if (!timedOut) {
        await this.deps.store
          .discardObject(file.pathId)
          .catch((err: unknown) => this.deps.logger.warn({ err, pathId: file.pathId }, 'could not remove an unrecorded upload'));
      } else this.deps.logger.warn({ pathId: file.pathId }, 'the uploads service did not answer in time');
      throw tusError(asDomainError(error));
    } finally {
      await this.deps.store
        .forgetFinished(upload.id)
        .catch((err: unknown) => this.deps.logger.warn({ err, pathId: upload.id }, "could not remove a finished upload's state"));
    }
  }
}

/** The client's file name (tus metadata `filename`, as Zulip's clients send it), URL-decoded as Zulip records it. */
function fileNameOf(metadata: Upload['metadata'] | Record<string, string | null> | undefined): string {
  const name = metadata?.filename;
  return name ? uploadedFileName(name) : 'uploaded-file';
}

/** tus metadata `filetype`; the S3 store gives the object the `contentType` entry's type. */
function contentTypeOf(metadata: Upload['metadata'] | Record<string, string | null> | undefined): string {
  const type = metadata?.contentType ?? metadata?.filetype;
  return type && type.length <= 255 && /^[\w.+-]+\/[\w.+-]+/.test(type) ? type : 'application/octet-stream';
}

/** A refusal as tus hooks throw it, with Zulip's error JSON as its body. */
const tusError = (error: DomainError): { status_code: number; body: string } => ({
  status_code: error.status,
  body: JSON.stringify({ result: 'error', msg: error.msg, code: error.code, ...error.extra }),
});
