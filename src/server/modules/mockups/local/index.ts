/**
 * Local mockups: the artwork on every product of the built-in catalog, drawn by our own code
 * in a fraction of a second. Drawing runs in worker threads so the event loop never blocks
 * on pixels; each product family always goes to the same worker, which keeps that family's
 * templates (the products drawn without print) in memory after building them once. Decoding
 * the artwork and encoding the views happen here, in libvips (codec.ts).
 */
import { availableParallelism } from 'node:os';
import type { EncodedRendition } from '../../../infra/renditions.js';
import { lazyPool, type LazyPool } from '../../../infra/worker-pools.js';
import { defaultStoreProducts, findBuiltinVariant, type MockupKind } from '../../../../domain/builtin-catalog.js';
import type { ArtFit } from '../../../../domain/placement.js';
import { decodeArtwork, encodeJpeg, encodeJpegWithRenditions } from './codec.js';
import type { RenderedView } from './render.js';
import type { MockupTask } from './worker.js';

export interface LocalMockup {
  /** e.g. 'front', 'lifestyle', 'left', 'back', 'detail' */
  placement: string;
  /** Placement label shown to visitors, e.g. 'Front', 'Handle side', 'On the wall'. */
  label: string;
  /** JPEG */
  image: Buffer;
  /** Smaller JPEGs for `srcset`; without `data`, the rendition is the view itself. */
  renditions: EncodedRendition[];
}

export class UnknownVariantError extends Error {
  constructor(readonly variantId: number) {
    super(`No local mockup for variant ${variantId}: it is not in the built-in catalog`);
    this.name = 'UnknownVariantError';
  }
}

/**
 * Product families split across the workers so their costs roughly balance. Measured on the
 * default grid: the two workers end their drawing within 50 ms of each other (pillows moved
 * over when encoding left the workers; before, one ended 60 to 110 ms after the other).
 */
const LANE_OF: Record<MockupKind, number> = {
  mug: 0,
  poster: 1,
  'framed-poster': 0,
  canvas: 1,
  't-shirt': 0,
  hoodie: 1,
  tote: 0,
  'phone-case': 1,
  pillow: 1,
};

/**
 * A worker holds the templates it was given, up to 140 MB for the whole grid, and a template
 * comes back from the disk cache (template-cache.ts) in milliseconds: an idle worker goes
 * after a minute, long enough for a visitor's grid and product pages to share its templates.
 */
const IDLE_TIMEOUT_MS = 60_000;

type Pool = LazyPool<MockupTask, RenderedView[] | RenderedView | undefined>;
const lanes: Pool[] = Array.from({ length: Math.min(2, Math.max(1, availableParallelism())) }, () =>
  lazyPool('./worker', import.meta.url, { maxThreads: 1, idleTimeout: IDLE_TIMEOUT_MS }),
);

function laneFor(kind: MockupKind): Pool {
  return lanes[LANE_OF[kind] % lanes.length]!;
}

function kindOf(variantId: number): MockupKind {
  const found = findBuiltinVariant(variantId);
  if (!found) throw new UnknownVariantError(variantId);
  return found.product.mockup;
}

export interface TemplateOptions {
  /** A folder keeping the product templates between processes (see template-cache.ts). */
  templateCache?: string;
}

/**
 * Starts the workers that will render these variants, without waiting for them: a thread
 * takes 25 ms of CPU to start, several times that in wall time while a freshly started shop
 * finishes its own start. Started as the request comes in, it is ready by the time the
 * artwork has been read.
 */
export function startLocalMockups(variantIds: readonly number[]): void {
  const kinds = new Set(variantIds.map((variantId) => findBuiltinVariant(variantId)?.product.mockup));
  for (const kind of kinds) if (kind) void laneFor(kind).start({ kind: 'start' });
}

/**
 * Renders every view a buyer would want of this variant carrying the artwork, placed for `fit`
 * (the product's default when absent); the first is the main one.
 */
export async function renderLocalMockups(
  artwork: Buffer,
  variantId: number,
  { templateCache, fit }: TemplateOptions & { fit?: ArtFit } = {},
): Promise<LocalMockup[]> {
  const lane = laneFor(kindOf(variantId));
  const decoded = await decodeArtwork(artwork);
  const views = (await lane.run({ kind: 'views', artwork: decoded, variantId, fit, templateCache })) as RenderedView[];
  return Promise.all(
    views.map(async (view) => ({
      placement: view.placement,
      label: view.label,
      ...(await encodeJpegWithRenditions(view.pixels, view.width, view.height)),
    })),
  );
}

/** The product shown without artwork (the catalog's product image). */
export async function renderProductImage(variantId: number, { templateCache }: TemplateOptions = {}): Promise<Buffer> {
  const view = (await laneFor(kindOf(variantId)).run({ kind: 'blank', variantId, templateCache })) as
    RenderedView | undefined;
  return view ? encodeJpeg(view.pixels, view.width, view.height) : Buffer.alloc(0);
}

/**
 * Builds the templates of these variants (by default every default store product) ahead of
 * the first visitor, so that even the first artwork's mockups take a fraction of a second.
 * Call it once the server is listening; it runs in the workers.
 */
export async function warmLocalMockups(
  variantIds: readonly number[] = defaultStoreProducts.map((p) => p.variantId),
  { templateCache }: TemplateOptions = {},
): Promise<void> {
  const byLane = new Map<Pool, number[]>();
  for (const variantId of variantIds) {
    const lane = laneFor(kindOf(variantId));
    byLane.set(lane, [...(byLane.get(lane) ?? []), variantId]);
  }
  await Promise.all([...byLane].map(([lane, ids]) => lane.run({ kind: 'warm', variantIds: ids, templateCache })));
}

/** Ends the workers (tests, shutdown). */
export async function closeLocalMockups(): Promise<void> {
  await Promise.all(lanes.map((lane) => lane.close()));
}
