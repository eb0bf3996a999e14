/**
 * A 12-megapixel test JPEG for the style benchmark, generated at run time from one of the
 * committed photos: upscaled to 4000×3000 with a little sensor-like noise so the encoder and
 * the filters see real-camera detail rather than smooth upscaled gradients.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const DEFAULT_SOURCE = fileURLToPath(new URL('../assets/photos/lake-boats-sunset.jpg', import.meta.url));

export async function makeTwelveMegapixelJpeg(source = DEFAULT_SOURCE, width = 4000, height = 3000): Promise<Buffer> {
  const { data, info } = await sharp(readFileSync(source))
    .rotate()
    .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let s = 0x9e3779b9;
  for (let i = 0; i < data.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const n = ((s >>> 0) % 9) - 4; // ±4 levels of noise
    const v = data[i] + n;
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}
