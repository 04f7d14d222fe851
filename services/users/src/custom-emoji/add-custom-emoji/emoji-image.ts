import type Sharp from 'sharp';
import { DomainError } from '@zulip-es/platform';

/** Zulip's `DEFAULT_EMOJI_SIZE`: emoji are stored 64×64. */
const EMOJI_SIZE = 64;
/** Zulip's pixel bomb guard (`width * height * frames`). */
const MAX_PIXELS = 90_000_000;
/** Zulip's `MAX_EMOJI_GIF_FILE_SIZE_BYTES`: a resized still image must stay this small. */
const MAX_STILL_BYTES = 128 * 1024;

export interface ResizedEmoji {
  /** 64×64, in the upload's format. */
  image: Buffer;
  /** The first frame as a 64×64 PNG, for animated emoji only. */
  still?: Buffer;
}

const badImage = (msg: string): DomainError => new DomainError('BAD_IMAGE', msg);

/**
 * libvips is loaded with the first emoji uploaded: the users service pays its memory only then
 * (Node's module cache keeps it from there on).
 */
function sharp(...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous lazy load
  return (require('sharp') as typeof Sharp)(...args);
}

type Format = 'avif' | 'gif' | 'jpeg' | 'png' | 'webp';
const FORMATS: Record<string, Format> = {
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Zulip's `resize_emoji` (libvips there and here, through sharp): a still image is scaled so its
 * shorter side is 64 and cropped to the centre; an animated one keeps every frame, fitted inside
 * 64×64 on a transparent square, and gets a still version, its first frame cropped like a still
 * image. Each is written in the upload's own format.
 */
export async function resizeEmoji(bytes: Buffer, contentType: string): Promise<ResizedEmoji> {
  const format = FORMATS[contentType];
  if (!format) throw badImage('Invalid image format');
  const metadata = await sharp(bytes, { animated: true, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw badImage('Could not decode image; did you upload an image file?');
    });
  // With every frame loaded, `height` is all frames stacked: the guard counts each pixel of each frame.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) throw badImage('Image size exceeds limit.');
  try {
    const frames = metadata.pages ?? 1;
    if (frames === 1) {
      const image = await sharp(bytes).resize(EMOJI_SIZE, EMOJI_SIZE, { fit: 'cover', position: 'centre' }).toFormat(format).toBuffer();
      if (image.length > MAX_STILL_BYTES) throw badImage('Image size exceeds limit');
      return { image };
    }
    const still = await sharp(bytes, { pages: 1 }).resize(EMOJI_SIZE, EMOJI_SIZE, { fit: 'cover', position: 'centre' }).png().toBuffer();
    if (still.length > MAX_STILL_BYTES) throw badImage('Image size exceeds limit');
    const image = await sharp(bytes, { animated: true })
      .resize(EMOJI_SIZE, EMOJI_SIZE, { fit: 'contain', position: 'centre', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .toFormat(format)
      .toBuffer();
    return { image, still };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw badImage('Image is corrupted or truncated');
  }
}
