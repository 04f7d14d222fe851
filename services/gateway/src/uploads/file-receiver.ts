import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTooLargeMessage, type StoredFile } from '@zulip-es/contracts';
import { DomainError, type Logger, type ObjectStore } from '@zulip-es/platform';
import { fieldText } from '../http/multipart-body';
import { newPathId } from './path-id';
import { uploadedFileName } from './sanitize-file-name';

const MIB = 1024 * 1024;

export interface ReceivedUpload {
  file: StoredFile;
  /** The form's other fields, as parameters (the last value of a repeated name). */
  fields: Record<string, string>;
}

/**
 * The byte side of `POST /user_uploads`: reads the caller's multipart body and streams its one
 * file to the uploads bucket, never holding it whole in memory; the uploads service then records
 * it from the `StoredFile` alone (file bytes never travel through Kafka). Zulip counts the files
 * before storing any; a stream cannot, so a second file removes the first. A file over the limit
 * fails its own upload, so nothing is stored. The key is the file's path id,
 * `<realm id>/<2 hex>/<24 random>/<sanitised name>`, as in Zulip's URLs.
 */
export class FileReceiver {
  constructor(
    private readonly store: Pick<ObjectStore, 'put' | 'remove'>,
    private readonly maxFileUploadSizeMib: number,
    private readonly bodyLimit: number,
    private readonly logger: Logger,
  ) {}

  /** `oneFileMessage`: the refusal of no file or several, when the endpoint words it its own way. */
  async receive(req: FastifyRequest, realmId: number, oneFileMessage?: string): Promise<ReceivedUpload> {
    const noFile = () => new DomainError('BAD_REQUEST', oneFileMessage ?? 'You must specify a file to upload');
    if (!req.isMultipart()) throw noFile();
    const fields: Record<string, string> = {};
    let fieldBytes = 0;
    let stored: StoredFile | undefined;
    let files = 0;
    try {
      for await (const part of req.parts({ limits: { fileSize: this.maxFileUploadSizeMib * MIB, fieldSize: this.bodyLimit } })) {
        if (part.type === 'file') {
          files++;
          if (files === 1) stored = await this.storeFile(part, realmId);
          else part.file.resume();
          continue;
        }
        const value = fieldText(part.value);
        fieldBytes += Buffer.byteLength(value);
        if (part.valueTruncated || fieldBytes > this.bodyLimit) throw new DomainError('BAD_REQUEST', 'Request body too large', {}, 413);
        fields[part.fieldname] = value;
      }
      if (files === 0) throw noFile();
      if (files > 1) throw new DomainError('BAD_REQUEST', oneFileMessage ?? 'You may only upload one file at a time');
      return { file: stored!, fields };
    } catch (error) {
      if (stored) await this.discard(stored);
      throw error instanceof DomainError ? error : new DomainError('BAD_REQUEST', `Malformed request: ${(error as Error).message}`);
    }
  }

  /** A stored file whose recording failed or was refused (a leftover is collected later). */
  async discard(file: StoredFile): Promise<void> {
    await this.store
      .remove(file.pathId)
      .catch((error: unknown) => this.logger.warn({ err: error, pathId: file.pathId }, 'could not remove an unrecorded upload'));
  }

  private async storeFile(part: MultipartFile, realmId: number): Promise<StoredFile> {
    const name = uploadedFileName(part.filename);
    const pathId = newPathId(realmId, name);
    const contentType = part.mimetype || 'application/octet-stream';
    const size = await this.store.put(pathId, Readable.from(this.limited(part)), contentType);
    return { pathId, name, size, contentType };
  }

  /** The file's bytes, failing at its end if the parser cut it at the limit (so nothing is stored). */
  private async *limited(part: MultipartFile): AsyncGenerator<Buffer> {
    for await (const chunk of part.file) yield chunk as Buffer;
    if (part.file.truncated) {
      throw new DomainError('BAD_REQUEST', fileTooLargeMessage(this.maxFileUploadSizeMib));
    }
  }
}
