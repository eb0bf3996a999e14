/**
 * Storefront §4/§9: a photo over 8MB is compressed in the browser before it is sent: JPEG,
 * at most 2048×2048, quality 0.85, re-encoded at lower quality while above the 5000 KB
 * target, given 30 s at most. Any failure (a format the browser cannot draw, such as HEIC
 * in most browsers, or the time limit) silently sends the original instead.
 */
import { COMPRESSION, COMPRESSION_THRESHOLD_BYTES } from '@/domain/upload';
import { findExifSegment, markUpright, withExifSegment } from './exif-transplant';

/** Room for the EXIF block at the front of a JPEG (it is limited to 64 KB). */
const EXIF_SEARCH_BYTES = 128 * 1024;
const LOWEST_QUALITY = 0.5;

export async function compressIfLarge(file: File): Promise<File> {
  if (file.size <= COMPRESSION_THRESHOLD_BYTES) return file;
  try {
    return await withTimeLimit(compress(file), COMPRESSION.timeoutMs);
  } catch {
    return file;
  }
}

async function compress(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, COMPRESSION.maxWidth / bitmap.width, COMPRESSION.maxHeight / bitmap.height);
  const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();

  let quality: number = COMPRESSION.quality;
  let blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  while (blob.size > COMPRESSION.targetSizeKb * 1024 && quality > LOWEST_QUALITY) {
    quality = Math.max(LOWEST_QUALITY, quality - 0.1);
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  }

  let bytes = new Uint8Array(await blob.arrayBuffer());
  const exif = findExifSegment(new Uint8Array(await file.slice(0, EXIF_SEARCH_BYTES).arrayBuffer()));
  if (exif) bytes = withExifSegment(bytes, markUpright(exif));
  const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
  return new File([bytes], name, { type: 'image/jpeg', lastModified: file.lastModified });
}

function withTimeLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Compression timed out')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
