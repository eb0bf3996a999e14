/**
 * Back-office uploads (style previews, the hero background, example pairs) are checked by
 * their bytes and re-encoded as a JPEG for public serving, which also drops every byte of
 * metadata.
 */
import { unprocessable } from '../../http/errors.js';
import { renderBoundedJpeg } from './adapters/sharp-images.js';
import { sniffImageFormat } from './file-checks.js';

export interface PublicImage {
  buffer: Buffer;
  width: number;
  height: number;
}

/**
 * The image as a public JPEG no larger than the box: upright, sRGB, without EXIF or GPS.
 * Anything that is not one of the accepted photo formats by its bytes is refused.
 */
export async function toPublicJpeg(
  input: Buffer,
  box: { width: number; height: number; quality?: number },
  notAnImage: string,
): Promise<PublicImage> {
  if (!sniffImageFormat(input.subarray(0, 64))) throw unprocessable(notAnImage);
  try {
    return await renderBoundedJpeg(input, box);
  } catch {
    throw unprocessable(notAnImage);
  }
}
