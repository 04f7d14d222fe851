import type { Client } from 'minio';
import type { Readable } from 'node:stream';
import type { StackEndpoints } from '../config/stack-endpoints';

/**
 * Objects smaller than this are sent in one request; larger ones in parts of this size (S3's
 * smallest). The client's own streaming put cuts a stream of unknown length into parts sized for
 * the largest object S3 allows (over 500 MB, each held in memory), and does not fail when the
 * stream does.
 */
const PART_BYTES = 5 * 1024 * 1024;

/** The next part of a body: at least PART_BYTES, or what was left (`last`). */
async function readPart(chunks: AsyncIterator<Buffer>): Promise<{ bytes: Buffer; last: boolean }> {
  const read: Buffer[] = [];
  let size = 0;
  while (size < PART_BYTES) {
    const next = await chunks.next();
    if (next.done) return { bytes: Buffer.concat(read), last: true };
    read.push(next.value);
    size += next.value.length;
  }
  return { bytes: Buffer.concat(read), last: false };
}

export type ObjectStoreConfig = Pick<
  StackEndpoints,
  'S3_ENDPOINT' | 'S3_PORT' | 'S3_USE_SSL' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_REGION' | 'S3_BUCKET'
>;

/** What a stored object says of itself. */
export interface StoredObject {
  size: number;
  contentType: string;
}

/**
 * The uploads bucket, spoken to as plain S3 (path-style requests, a fixed region), so MinIO here
 * and any S3-compatible store in production work alike. Keys are upload path ids
 * (`<realm>/<2 hex>/<random>/<name>`).
 */
export class ObjectStore {
  private connected?: Promise<Client>;
  readonly bucket: string;

  constructor(private readonly config: ObjectStoreConfig) {
    this.bucket = config.S3_BUCKET;
  }

  /**
   * The S3 client, loaded on first use: every service loads this library, and the client's
   * module costs about 20 MB of memory that only the services storing files should pay.
   */
  private client(): Promise<Client> {
    this.connected ??= import('./s3-client').then(({ s3Client }) => s3Client(this.config));
    return this.connected;
  }

  /**
   * Streams `body` to `key`, holding at most two parts in memory (one being sent while the next
   * is read); returns the bytes stored. A failing stream (a size limit, say) fails the put and
   * stores nothing: a multipart upload under way is aborted.
   */
  async put(key: string, body: Readable, contentType: string): Promise<number> {
    const client = await this.client();
    const headers = { 'Content-Type': contentType };
    const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    let part = await readPart(chunks);
    if (part.last) {
      await client.putObject(this.bucket, key, part.bytes, part.bytes.length, headers);
      return part.bytes.length;
    }
    const uploadId = await client.initiateNewMultipartUpload(this.bucket, key, headers);
    try {
      const etags: { part: number; etag: string }[] = [];
      let size = 0;
      for (let partNumber = 1; ; partNumber++) {
        const sending = client.uploadPart(
          { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber, headers: {} },
          part.bytes,
        );
        size += part.bytes.length;
        const next = part.last
          ? null
          : await readPart(chunks).catch(async (error: unknown) => {
              await sending.catch(() => undefined);
              throw error;
            });
        etags.push({ part: partNumber, etag: (await sending).etag });
        if (!next || next.bytes.length === 0) break;
        part = next;
      }
      await client.completeMultipartUpload(this.bucket, key, uploadId, etags);
      return size;
    } catch (error) {
      await client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  /** Removing an absent object succeeds, so a repeated removal is harmless. */
  async remove(key: string): Promise<void> {
    const client = await this.client();
    await client.removeObject(this.bucket, key);
  }

  /** Null when there is no such object. */
  async stat(key: string): Promise<StoredObject | null> {
    const client = await this.client();
    try {
      const stat = await client.statObject(this.bucket, key);
      return { size: stat.size, contentType: String(stat.metaData['content-type'] ?? 'application/octet-stream') };
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFound' || (error as { code?: string }).code === 'NoSuchKey') return null;
      throw error;
    }
  }

  /** Every object of the bucket whose key starts with `prefix` (its key and when it was written), in key order. */
  async *list(prefix = ''): AsyncGenerator<{ key: string; lastModified: Date }> {
    const client = await this.client();
    for await (const item of client.listObjectsV2(this.bucket, prefix, true)) {
      if (item.name !== undefined) yield { key: item.name, lastModified: item.lastModified };
    }
  }

  /** The whole object in memory: for objects already bounded in size (an upload to resize, say). */
  async readWhole(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The object's bytes, whole or from `offset` for `length` bytes. */
  async read(key: string, range?: { offset: number; length: number }): Promise<Readable> {
    const client = await this.client();
    return range ? client.getPartialObject(this.bucket, key, range.offset, range.length) : client.getObject(this.bucket, key);
  }
}
