import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import {
  INLINE_IMAGE_TYPES,
  THUMBNAIL_ACCEPT_IMAGE_TYPES,
  THUMBNAIL_FORMATS,
  thumbnailFormatName,
  transcodedFormatFor,
  type ThumbnailFormat,
  type UploadedImage,
} from '@zulip-es/contracts';

/** Zulip's `IMAGE_BOMB_TOTAL_PIXELS`: a still image larger than this is not read. */
const MAX_PIXELS = 90_000_000;
/** Zulip's `IMAGE_MAX_ANIMATED_PIXELS`: an animation must fit three frames in this. */
const MAX_ANIMATED_PIXELS = MAX_PIXELS / 3;

export interface Thumbnail {
  name: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * libvips is loaded with the first image uploaded: the uploads service pays its memory only then.
 * Node's module cache keeps it after that.
 */
function sharp(...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous lazy load
  return (require('sharp') as typeof Sharp)(...args);
}

/** The image's size as shown: orientations 5–8 turn it a quarter. */
function shownSize(metadata: Metadata, frameHeight: number): { width: number; height: number } {
  const width = metadata.width ?? 0;
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned ? { width: frameHeight, height: width } : { width, height: frameHeight };
}

/** Zulip's `libvips_check_image` with truncated animations: a still image or three frames within the pixel budget. */
export function withinPixelBudget(width: number, height: number, frames: number): boolean {
  return frames === 1 ? width * height <= MAX_PIXELS : width * height * Math.min(3, frames) <= MAX_ANIMATED_PIXELS;
}

/** Which formats an image gets (Zulip's `missing_thumbnails` for a new image). */
function formatsFor(contentType: string, width: number, height: number, frames: number): ThumbnailFormat[] {
  const formats = THUMBNAIL_FORMATS.filter((f) => frames > 1 || !f.animated);
  return INLINE_IMAGE_TYPES.has(contentType) ? formats : [...formats, transcodedFormatFor(width, height)];
}

/** How many frames an animated thumbnail keeps: all, or as many as the animated budget holds (Zulip's `n=`). */
const framesToLoad = (width: number, height: number, frames: number): number =>
  width * height * frames < MAX_ANIMATED_PIXELS ? -1 : Math.floor(MAX_ANIMATED_PIXELS / (width * height));

async function thumbnailOf(
  bytes: Buffer,
  format: ThumbnailFormat,
  size: { width: number; height: number },
  frames: number,
): Promise<Thumbnail> {
  const pages = frames > 1 && format.animated ? framesToLoad(size.width, size.height, frames) : 1;
  const { data, info } = await sharp(bytes, { pages, limitInputPixels: false })
    .rotate()
    .resize(format.maxWidth, format.maxHeight, { fit: 'inside', withoutEnlargement: true })
    .webp()
    .toBuffer({ resolveWithObject: true });
  return {
    name: thumbnailFormatName(format),
    bytes: data,
    width: info.width,
    height: format.animated ? (info.pageHeight ?? info.height) : info.height,
  };
}

/**
 * Zulip's `maybe_thumbnail` and its thumbnail worker in one step (libvips there and here): a file
 * that says it is an image of a type Zulip reads, and decodes as one within the pixel budget, is
 * scaled down to fit each thumbnail format. Anything else is not an image, and gets no previews,
 * as Zulip treats an image it fails to read.
 */
export async function thumbnailImage(
  bytes: Buffer,
  contentType: string,
): Promise<{ image: UploadedImage; thumbnails: Thumbnail[] } | undefined> {
  if (!THUMBNAIL_ACCEPT_IMAGE_TYPES.has(contentType)) return undefined;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    const frames = metadata.pages ?? 1;
    const size = shownSize(metadata, metadata.pageHeight ?? metadata.height ?? 0);
    if (size.width === 0 || size.height === 0 || !withinPixelBudget(size.width, size.height, frames)) return undefined;
    const thumbnails: Thumbnail[] = [];
    for (const format of formatsFor(contentType, size.width, size.height, frames))
      thumbnails.push(await thumbnailOf(bytes, format, size, frames));
    return { image: { ...size, frames, thumbnails: thumbnails.map(({ name, width, height }) => ({ name, width, height })) }, thumbnails };
  } catch {
    return undefined;
  }
}
