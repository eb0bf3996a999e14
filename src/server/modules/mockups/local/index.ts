/**
 * Local mockups: the artwork on every product of the built-in catalog, drawn by our own code
 * in a fraction of a second. Rendering runs in worker threads so the event loop never blocks
 * on pixels; each product family always goes to the same worker, which keeps that family's
 * templates (the products drawn without print) in memory after building them once.
 */
import 'sharp'; // loaded by the main thread first, so libvips stays resident while workers come and go
import { availableParallelism } from 'node:os';
import type { EncodedRendition } from '../../../infra/renditions.js';
import { lazyPool, type LazyPool } from '../../../infra/worker-pools.js';
import { defaultStoreProducts, findBuiltinVariant, type MockupKind } from '../../../../domain/builtin-catalog.js';
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

/** Product families split across the workers so their costs roughly balance. */
const LANE_OF: Record<MockupKind, number> = {
  mug: 0,
  poster: 1,
  'framed-poster': 0,
  canvas: 1,
  't-shirt': 0,
  hoodie: 1,
  tote: 0,
  'phone-case': 1,
  pillow: 0,
};

/**
 * A worker holds the templates it was given, up to 140 MB for the whole grid, and a template
 * comes back from the disk cache (template-cache.ts) in milliseconds: an idle worker goes
 * after a minute, long enough for a visitor's grid and product pages to share its templates.
 */
const IDLE_TIMEOUT_MS = 60_000;

type Pool = LazyPool<MockupTask, RenderedView[] | Uint8Array | null>;
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

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export interface TemplateOptions {
  /** A folder keeping the product templates between processes (see template-cache.ts). */
  templateCache?: string;
}

/**
 * Starts the workers that will render these variants, without waiting for them: a thread
 * takes 80 ms of CPU to start (sharp's loading most of it), several times that in wall time
 * while a freshly started shop finishes its own start. Started as the request comes in, it
 * is ready by the time the artwork has been read.
 */
export function startLocalMockups(variantIds: readonly number[]): void {
  const kinds = new Set(variantIds.map((variantId) => findBuiltinVariant(variantId)?.product.mockup));
  for (const kind of kinds) if (kind) laneFor(kind).start({ kind: 'start' });
}

/** Renders every view a buyer would want of this variant carrying the artwork; the first is the main one. */
export async function renderLocalMockups(
  artwork: Buffer,
  variantId: number,
  { templateCache }: TemplateOptions = {},
): Promise<LocalMockup[]> {
  const lane = laneFor(kindOf(variantId));
  // A private copy: the caller's Buffer may share its memory with others, and ours is moved.
  const bytes = new Uint8Array(artwork);
  const views = (await lane.run(
    { kind: 'views', artwork: bytes, variantId, templateCache },
    { transferList: [bytes.buffer] },
  )) as RenderedView[];
  return views.map((view) => ({
    placement: view.placement,
    label: view.label,
    image: toBuffer(view.image),
    renditions: view.renditions.map(({ width, height, image }) => ({
      width,
      height,
      data: image ? toBuffer(image) : undefined,
    })),
  }));
}

/** The product shown without artwork (the catalog's product image). */
export async function renderProductImage(variantId: number, { templateCache }: TemplateOptions = {}): Promise<Buffer> {
  const image = (await laneFor(kindOf(variantId)).run({ kind: 'blank', variantId, templateCache })) as Uint8Array;
  return toBuffer(image);
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
