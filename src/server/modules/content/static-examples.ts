/**
 * The 2 built-in example pairs shown when the shop has no transformations yet. The files
 * ship in `assets/examples/` (licences in its README) and are copied into storage under
 * `examples/` at first start, with their renditions.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoredRendition } from './repository.js';

export const EXAMPLES_ASSET_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../assets/examples');

export const STATIC_EXAMPLE_PAIRS = [1, 2].map((n) => ({
  id: `static-example-${n}`,
  originalFile: `pair-${n}-original.jpg`,
  artworkFile: `pair-${n}-artwork.jpg`,
  originalKey: `examples/pair-${n}-original.jpg`,
  artworkKey: `examples/pair-${n}-artwork.jpg`,
  createdAt: '2026-01-01T00:00:00.000Z',
}));

/**
 * Lists the pairs' renditions with their sizes, which only sharp's resize decides: the seed
 * writes it once it has stored them, and the gallery reads it instead of decoding a file.
 * In storage, so every process of a scaled-out shop reads the same list.
 */
export const STATIC_EXAMPLE_RENDITIONS_KEY = 'examples/renditions.json';

/** Each image's stored renditions, by the key of the image (`examples/pair-1-artwork.jpg`). */
export type StaticExampleRenditions = Record<string, StoredRendition[]>;
