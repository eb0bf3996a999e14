/**
 * Renditions of an image already decoded for its main file: each smaller long side is a
 * clone() of the same sharp pipeline, so the pixels are decoded once for all of them.
 */
import type { Sharp } from 'sharp';
import { renditionLongSides, type Rendition } from '../../domain/images.js';
import type { PutOptions, Storage } from './storage/index.js';

export interface EncodedRendition {
  width: number;
  height: number;
  /** The encoded file; undefined when the rendition is the image itself (its long side is one of ours). */
  data?: Buffer;
}

/**
 * The renditions of an image of this size: every long side it reaches, never enlarged. The
 * caller's `encode` sets the format (the same as the main file's).
 */
export async function renderRenditions(
  image: Sharp,
  size: { width: number; height: number },
  encode: (pipeline: Sharp) => Sharp,
): Promise<EncodedRendition[]> {
  const longSide = Math.max(size.width, size.height);
  return Promise.all(
    renditionLongSides(size.width, size.height).map(async (side): Promise<EncodedRendition> => {
      if (side === longSide) return { width: size.width, height: size.height };
      const resized = image.clone().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      const { data, info } = await encode(resized).toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    }),
  );
}

/**
 * Stores the renditions beside their main file, the same way (type and caching): `keyOf`
 * names each by its long side; the rendition that is the main file itself reuses its key.
 */
export async function storeRenditions(
  storage: Storage,
  renditions: EncodedRendition[],
  main: { key: string; options: PutOptions },
  keyOf: (longSide: number) => string,
): Promise<Array<{ width: number; height: number; key: string }>> {
  return Promise.all(
    renditions.map(async ({ width, height, data }) => {
      if (!data) return { width, height, key: main.key };
      const key = keyOf(Math.max(width, height));
      await storage.put(key, data, main.options);
      return { width, height, key };
    }),
  );
}

/** Stored renditions as the API gives them; none for a row made before renditions existed. */
export function publicRenditions(
  storage: Storage,
  stored: ReadonlyArray<{ width: number; height: number; key: string }> | null | undefined,
): Rendition[] {
  return (stored ?? []).map(({ width, height, key }) => ({ width, height, url: storage.publicUrl(key) }));
}

/** The files of an image's renditions (one may be the image's own file: callers drop repeats). */
export function renditionKeys(renditions: ReadonlyArray<{ key: string }> | null): string[] {
  return (renditions ?? []).map((rendition) => rendition.key);
}
