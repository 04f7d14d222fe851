import { INLINE_IMAGE_TYPES, THUMBNAIL_FORMATS, thumbnailFormatName, thumbnailKey } from '@zulip-es/contracts';
import type { UploadedImagePreview } from '@zulip-es/zulip-markdown';
import type { ReadAttachment } from '../attachments/attachments-read-model';

/** The path ids content names, as Zulip's `get_user_upload_previews` finds them (Python's Unicode `\w`). */
const UPLOAD_PATH = /\/user_uploads\/(\d+\/[/\p{L}\p{N}_.-]+)/gu;

/**
 * The uploaded images `content` links to, as their previews show them (Zulip's
 * `get_default_thumbnail_url` and `get_transcoded_format`): the first thumbnail format of the
 * image's kind, still or animated, and for an image browsers do not show, its largest thumbnail.
 */
export function uploadPreviewsIn(
  content: string,
  attachment: (pathId: string) => ReadAttachment | undefined,
): Map<string, UploadedImagePreview> {
  const previews = new Map<string, UploadedImagePreview>();
  if (!content.includes('/user_uploads/')) return previews;
  for (const [, pathId] of content.matchAll(UPLOAD_PATH)) {
    const found = attachment(pathId!);
    if (!found?.image || previews.has(pathId!)) continue;
    const { image, contentType } = found;
    const animated = image.frames > 1;
    const format = THUMBNAIL_FORMATS.find((f) => f.animated === animated) ?? THUMBNAIL_FORMATS[0]!;
    const largest = [...image.thumbnails].sort((a, b) => a.width * a.height - b.width * b.height).at(-1);
    previews.set(pathId!, {
      thumbnailUrl: `/user_uploads/${thumbnailKey(pathId!, thumbnailFormatName(format))}`,
      width: image.width,
      height: image.height,
      contentType,
      animated: format.animated,
      ...(!INLINE_IMAGE_TYPES.has(contentType) && largest && { transcodedImage: largest.name }),
    });
  }
  return previews;
}
