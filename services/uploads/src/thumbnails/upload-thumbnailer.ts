import { Readable } from 'node:stream';
import { THUMBNAIL_ACCEPT_IMAGE_TYPES, thumbnailKey, type StoredFile, type UploadedImage } from '@zulip-es/contracts';
import type { ObjectStore } from '@zulip-es/platform';
import { thumbnailImage } from './thumbnail-image';

/**
 * Reads an uploaded image from the bucket and stores its thumbnails next to it, under
 * `thumbnail/<path id>/<format>`, where the gateway serves them. Running it twice for one file
 * writes the same objects again, so a command handled again after a crash is harmless.
 */
export class UploadThumbnailer {
  constructor(private readonly objects: Pick<ObjectStore, 'readWhole' | 'put'>) {}

  async thumbnail(file: StoredFile): Promise<UploadedImage | undefined> {
    // Only files that say they are images are read at all (Zulip's rule too).
    if (!THUMBNAIL_ACCEPT_IMAGE_TYPES.has(file.contentType)) return undefined;
    const made = await thumbnailImage(await this.objects.readWhole(file.pathId), file.contentType);
    if (!made) return undefined;
    for (const t of made.thumbnails) await this.objects.put(thumbnailKey(file.pathId, t.name), Readable.from([t.bytes]), 'image/webp');
    return made.image;
  }
}
