import { S3Store } from '@tus/s3-store';
import type { ObjectStoreConfig } from '@zulip-es/platform';

const MIB = 1024 * 1024;

/**
 * tus's S3 store on the uploads bucket: an upload under way is a multipart upload of the object
 * under its path id, with its state beside it (`<path id>.info`, and `<path id>.part` for bytes
 * short of a part), so any gateway instance, or one restarted, resumes it. It reads bodies in
 * 8 MiB parts through temporary files, so memory stays flat whatever the file's size. This
 * subclass removes what the library leaves behind: the `.part` of a terminated upload, and the
 * state of a finished one (its object is an attachment from then on).
 */
export class UploadStore extends S3Store {
  constructor(config: ObjectStoreConfig) {
    super({
      partSize: 8 * MIB,
      // Shared by all uploads of this instance: bounds the temporary files and S3 connections.
      maxConcurrentPartUploads: 8,
      s3ClientConfig: {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: `${config.S3_USE_SSL ? 'https' : 'http'}://${config.S3_ENDPOINT}:${config.S3_PORT}`,
        // Plain S3, as ObjectStore speaks it: path-style requests, checksums only where S3 requires them.
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: config.S3_ACCESS_KEY, secretAccessKey: config.S3_SECRET_KEY },
      },
    });
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.deleteIncompletePart(id);
  }

  /** A finished upload's state, once it is recorded (or refused): later requests for it are 404s. */
  async forgetFinished(id: string): Promise<void> {
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] },
    });
    await this.clearCache(id);
  }

  /**
   * An empty upload is finished at its creation, before any part: the store leaves only a
   * multipart upload with no part (no object), so the empty object is put here.
   */
  async storeEmpty(id: string, contentType: string): Promise<void> {
    const { 'upload-id': uploadId } = await this.getMetadata(id);
    await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId });
    await this.client.putObject({ Bucket: this.bucket, Key: id, Body: '', ContentType: contentType });
  }

  /** A finished upload's object, when its record was refused. */
  async discardObject(id: string): Promise<void> {
    await this.client.deleteObject({ Bucket: this.bucket, Key: id });
  }
}
