/**
 * The artwork in the worker: the decoded pixels the main thread shares (see codec.ts) and
 * the mip chain built from them, remembered for the next product of the same artwork.
 */

/** One level of the artwork's mip chain: packed RGB, 8 bits per channel. */
export interface ArtLevel {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The artwork as decoded once for every view of every product, in memory the threads share. */
export interface DecodedArtwork extends ArtLevel {
  /** Names these pixels: equal keys, equal pixels. */
  key: string;
}

/** The artwork decoded once and shared by every view of every product. */
export interface PreparedArtwork {
  /** width / height of the artwork as uploaded (after EXIF rotation). */
  aspect: number;
  /** Largest first; each level half the size of the one before. */
  levels: ArtLevel[];
}

const MIN_SIDE = 24;
const CACHE_SIZE = 4;

const cache = new Map<string, PreparedArtwork>();

/**
 * The artwork's mip chain, remembering the last few so that the storefront's
 * one-call-per-product requests halve each artwork once, not once per product.
 */
export function prepareArtwork(artwork: DecodedArtwork): PreparedArtwork {
  const hit = cache.get(artwork.key);
  if (hit) {
    cache.delete(artwork.key);
    cache.set(artwork.key, hit);
    return hit;
  }
  const levels: ArtLevel[] = [{ width: artwork.width, height: artwork.height, data: artwork.data }];
  while (true) {
    const last = levels[levels.length - 1];
    if (Math.min(last.width, last.height) < MIN_SIDE * 2) break;
    levels.push(halve(last));
  }
  const prepared = { aspect: artwork.width / artwork.height, levels };
  cache.set(artwork.key, prepared);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return prepared;
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
