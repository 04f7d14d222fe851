import { z } from 'zod';

/** A size an uploaded image is thumbnailed into (Zulip's `ThumbnailFormat`). */
export interface ThumbnailFormat {
  extension: 'webp';
  maxWidth: number;
  maxHeight: number;
  animated: boolean;
}

/**
 * Zulip's `THUMBNAIL_OUTPUT_FORMATS`: what every uploaded image is thumbnailed into, the animated
 * one only for animated images. The first format matching the image's animation is the one
 * rendered messages show; clients swap the last path segment for another listed name.
 */
export const THUMBNAIL_FORMATS: readonly ThumbnailFormat[] = [
  { extension: 'webp', maxWidth: 840, maxHeight: 560, animated: true },
  { extension: 'webp', maxWidth: 840, maxHeight: 560, animated: false },
];

/**
 * Zulip's `TRANSCODED_IMAGE_FORMAT`: images browsers do not show (TIFF, HEIC, SVG) also get a
 * large still version, portrait images with the sides swapped.
 */
export const TRANSCODED_FORMAT: ThumbnailFormat = { extension: 'webp', maxWidth: 4032, maxHeight: 3024, animated: false };

/** The image types Zulip parses and thumbnails (`THUMBNAIL_ACCEPT_IMAGE_TYPES`). */
export const THUMBNAIL_ACCEPT_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/avif',
  'image/gif',
  'image/heic',
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/webp',
  'image/svg+xml',
]);

/** The image types browsers show as they are (the image part of Zulip's `INLINE_MIME_TYPES`). */
export const INLINE_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
]);

/** The last path segment of a thumbnail: `840x560.webp`, `840x560-anim.webp`. */
export const thumbnailFormatName = (format: ThumbnailFormat): string =>
  `${format.maxWidth}x${format.maxHeight}${format.animated ? '-anim' : ''}.${format.extension}`;

/** The transcoded format for an image of this orientation. */
export const transcodedFormatFor = (width: number, height: number): ThumbnailFormat =>
  width >= height
    ? TRANSCODED_FORMAT
    : { ...TRANSCODED_FORMAT, maxWidth: TRANSCODED_FORMAT.maxHeight, maxHeight: TRANSCODED_FORMAT.maxWidth };

/** Thumbnails share the uploads bucket under this prefix. */
export const THUMBNAIL_KEY_PREFIX = 'thumbnail/';

/** Where a thumbnail is stored, and its path after `/user_uploads/`; with no format name, the prefix of an upload's thumbnails. */
export const thumbnailKey = (pathId: string, formatName = ''): string => `${THUMBNAIL_KEY_PREFIX}${pathId}/${formatName}`;

/**
 * What the uploads service read from an uploaded image and made of it (Zulip's `ImageAttachment`):
 * its size as shown (after its orientation tag), its frame count, and the thumbnails stored.
 */
export const UploadedImage = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  frames: z.number().int().positive(),
  /** Format names (`840x560.webp`) of the thumbnails stored, with the size each came out at. */
  thumbnails: z
    .array(
      z.object({
        name: z.string().regex(/^\d+x\d+(-anim)?\.webp$/),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
      }),
    )
    .min(1)
    .max(4),
});
export type UploadedImage = z.infer<typeof UploadedImage>;
