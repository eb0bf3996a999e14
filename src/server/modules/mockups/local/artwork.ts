import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** One level of the artwork's mip chain: packed RGB, 8 bits per channel. */
export interface ArtLevel {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The artwork decoded once and shared by every view of every product. */
export interface PreparedArtwork {
  /** width / height of the artwork as uploaded (after EXIF rotation). */
  aspect: number;
  /** Largest first; each level half the size of the one before. */
  levels: ArtLevel[];
}

/** Largest side kept in memory: enough for an 800 px mockup's close-up views. */
const MAX_SIDE = 1024;
const MIN_SIDE = 24;
const CACHE_SIZE = 4;

const cache = new Map<string, Promise<PreparedArtwork>>();

/**
 * Decodes and downsizes the artwork, remembering the last few by content so that the
 * storefront's one-call-per-product requests decode each artwork once, not once per product.
 */
export function prepareArtwork(artwork: Uint8Array): Promise<PreparedArtwork> {
  const key = createHash('sha1').update(artwork).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const prepared = decode(artwork);
  cache.set(key, prepared);
  prepared.catch(() => cache.delete(key));
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return prepared;
}

async function decode(artwork: Uint8Array): Promise<PreparedArtwork> {
  const { data, info } = await sharp(artwork, { failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected artwork channels: ${info.channels}`);
  const levels: ArtLevel[] = [
    { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
  ];
  while (true) {
    const last = levels[levels.length - 1];
    if (Math.min(last.width, last.height) < MIN_SIDE * 2) break;
    levels.push(halve(last));
  }
  return { aspect: info.width / info.height, levels };
}

/** 2×2 box filter: cheap and alias-free enough for choosing a level close to the view's scale. */
function halve(level: ArtLevel): ArtLevel {
  const width = level.width >> 1;
  const height = level.height >> 1;
  const src = level.data;
  const stride = level.width * 3;
  const out = new Uint8Array(width * height * 3);
  let o = 0;
  for (let y = 0; y < height; y++) {
    let p = 2 * y * stride;
    for (let x = 0; x < width; x++, p += 6) {
      const q = p + stride;
      out[o++] = (src[p] + src[p + 3] + src[q] + src[q + 3] + 2) >> 2;
      out[o++] = (src[p + 1] + src[p + 4] + src[q + 1] + src[q + 4] + 2) >> 2;
      out[o++] = (src[p + 2] + src[p + 5] + src[q + 2] + src[q + 5] + 2) >> 2;
    }
  }
  return { width, height, data: out };
}
