import { isRealmExportKey, THUMBNAIL_KEY_PREFIX } from '@zulip-es/contracts';
import type { ObjectStore } from '@zulip-es/platform';
import { isCustomEmojiKey } from '@zulip-es/zulip-emoji';
import type { UploadsRepository } from '../projection/uploads.repository';

/** The upload an object belongs to: itself, or the one a thumbnail was made of. */
function pathIdOfKey(key: string): string {
  return key.startsWith(THUMBNAIL_KEY_PREFIX) ? key.slice(THUMBNAIL_KEY_PREFIX.length, key.lastIndexOf('/')) : key;
}

/**
 * Objects of the uploads bucket that no attachment records (custom emoji and exports aside), written more than `graceMs` before
 * `now`: the gateway stored them and then crashed, or their record was refused and removing them
 * failed. The grace leaves uploads whose record is still on its way alone. Removing an object
 * twice is harmless, so a crashed run is simply run again.
 */
export async function collectOrphanObjects(
  store: Pick<ObjectStore, 'list' | 'remove'>,
  repo: Pick<UploadsRepository, 'attachmentPaths'>,
  now: Date,
  graceMs: number,
  /** Only keys under it (tests keep to their own uploads); the whole bucket by default. */
  prefix = '',
): Promise<number> {
  const before = now.getTime() - graceMs;
  let removed = 0;
  for await (const object of store.list(prefix)) {
    // Custom emoji images and export archives share the bucket; no attachment records them, and
    // they are kept (an archive goes with its export's deletion).
    if (isCustomEmojiKey(object.key) || isRealmExportKey(object.key) || object.lastModified.getTime() > before) continue;
    if (await repo.attachmentPaths.findOne({ _id: pathIdOfKey(object.key) })) continue;
    await store.remove(object.key);
    removed++;
  }
  return removed;
}
