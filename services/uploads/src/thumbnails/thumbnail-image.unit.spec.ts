import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { thumbnailImage, withinPixelBudget } from './thumbnail-image';

const png = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();

/** A PNG whose header claims another size: enough for the header check, never decoded. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(1, 1));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

describe('thumbnailing an uploaded image', () => {
  it('scales a still image down to fit 840×560 as WebP, and records its size', async () => {
    const made = await thumbnailImage(await png(1600, 800), 'image/png');
    expect(made?.image).toEqual({ width: 1600, height: 800, frames: 1, thumbnails: [{ name: '840x560.webp', width: 840, height: 420 }] });
    const meta = await sharp(made!.thumbnails[0]!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 840, 420]);
  });

  it('never enlarges a small image', async () => {
    const made = await thumbnailImage(await png(30, 20), 'image/png');
    expect(made?.image.thumbnails).toEqual([{ name: '840x560.webp', width: 30, height: 20 }]);
  });

  it('gives an animated image an animated thumbnail with its frames and a still one', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((background) =>
        sharp({ create: { width: 90, height: 60, channels: 4, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const made = await thumbnailImage(gif, 'image/gif');
    expect(made?.image).toEqual({
      width: 90,
      height: 60,
      frames: 3,
      thumbnails: [
        { name: '840x560-anim.webp', width: 90, height: 60 },
        { name: '840x560.webp', width: 90, height: 60 },
      ],
    });
    expect((await sharp(made!.thumbnails[0]!.bytes).metadata()).pages).toBe(3);
  });

  it('gives an image browsers do not show (TIFF) a large still version too, turned for portrait images', async () => {
    const tiff = await sharp({ create: { width: 50, height: 100, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const made = await thumbnailImage(tiff, 'image/tiff');
    expect(made?.image.thumbnails.map((t) => t.name)).toEqual(['840x560.webp', '3024x4032.webp']);
  });

  it('reports the size as shown when the orientation tag turns the image', async () => {
    const turned = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const made = await thumbnailImage(turned, 'image/jpeg');
    expect(made?.image).toMatchObject({ width: 100, height: 200, thumbnails: [{ width: 100, height: 200 }] });
  });

  it('treats as no image: another type, bytes that do not decode, and an image past the pixel budget', async () => {
    expect(await thumbnailImage(await png(10, 10), 'application/octet-stream')).toBeUndefined();
    expect(await thumbnailImage(Buffer.from('not an image'), 'image/png')).toBeUndefined();
    expect(await thumbnailImage(await pngClaiming(10_000, 9_001), 'image/png')).toBeUndefined();
  });

  it("keeps Zulip's pixel budget: 90 million pixels still, three frames within 30 million animated", () => {
    expect(withinPixelBudget(10_000, 9_000, 1)).toBe(true);
    expect(withinPixelBudget(10_000, 9_001, 1)).toBe(false);
    expect(withinPixelBudget(5_000, 2_000, 100)).toBe(true);
    expect(withinPixelBudget(5_000, 2_001, 3)).toBe(false);
    expect(withinPixelBudget(5_000, 3_000, 2)).toBe(true);
  });
});
