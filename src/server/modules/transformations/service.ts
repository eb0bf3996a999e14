/**
 * Transformations: a visitor's photo made into an artwork in a chosen style. Starting one
 * records the row and queues the render; the job reports real progress into the row, which
 * the status endpoint and its event stream read, so any process can answer for any job.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { findBuiltinVariant } from '../../../domain/builtin-catalog.js';
import { placementFor, type ArtFit, type Placement } from '../../../domain/placement.js';
import { HOSTED_AI_ENGINE, isLocalStyleId, paintsAtPrintSize } from '../../../domain/styles.js';
import { GALLERY_CONSENT_TEXT, type GalleryConsentUpdate } from '../../../domain/gallery.js';
import {
  type ParsedStartTransformationRequest,
  stageFor,
  TRANSFORMATION_MESSAGES,
  type QueuePlace,
  type TransformationState,
} from '../../../domain/transformation.js';
import { renderDuration, timed } from '../../http/metrics.js';
import type { AppContext } from '../../context.js';
import { LIVE_JOB_STATES } from '../../jobs/job-names.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { publicRenditions, storeRenditions } from '../../infra/renditions.js';
import { workGate } from '../../infra/work-gate.js';
import {
  decodeToJpeg,
  enlargeForPainting,
  enlargeForPrint,
  findImage,
  layOutPrintFile,
  renderJpegRenditions,
  type LaidOutPrintFile,
} from '../images/index.js';
import { readShopSettings } from '../shop-settings/index.js';
import { engineFor, findStyle, StyleEngineError } from '../styles/index.js';
import {
  countProcessingSince,
  failIfProcessing,
  findTransformation,
  findTransformationWithSources,
  insertTransformation,
  listProcessingBefore,
  orderHoldsArtwork,
  updateTransformation,
  type TransformationRow,
} from './repository.js';

/** The preview artwork's long side; a print file outside the catalog follows the original up to PRINT_LONG_SIDE. */
export const PREVIEW_LONG_SIDE = 2048;
export const PRINT_LONG_SIDE = 6000;

/** Progress as the visitor sees it: the engine's fraction mapped between these. */
const PROGRESS_START = 10;
const PROGRESS_RENDERED = 95;

const uuid = z.uuid();

export async function startTransformation(
  context: AppContext,
  input: ParsedStartTransformationRequest,
): Promise<TransformationRow> {
  const image = await findImage(context.db, input.imageId);
  if (!image) throw notFound(TRANSFORMATION_MESSAGES.originalNotFound);
  const style = await findStyle(context.db, input.styleId);
  if (!style || !style.is_active || !engineFor(style.engine, context.config)) {
    throw badRequest(TRANSFORMATION_MESSAGES.styleUnavailable);
  }
  const galleryConsent = input.galleryConsent ?? (await readShopSettings(context)).gallery_consent_default;
  // The row and its render job commit together: a crash cannot leave a render nobody works.
  await context.jobs.ready();
  const row = await insertTransformation(
    context.db,
    {
      image_id: image.id,
      style_id: style.id,
      user_id: image.user_id,
      email: input.email ?? null,
      is_public: true,
      gallery_consent: galleryConsent,
      status: 'processing',
    },
    async (tx, inserted) => {
      await context.jobs.sendWithin(tx, 'transformation.render', { transformationId: inserted.id });
    },
  );
  context.jobs.wake('transformation.render');
  // Print files and the like wait for it from now, not from when a slot picks it up.
  workGate.expectInteractive();
  return row;
}

export async function requireTransformation(context: AppContext, id: string): Promise<TransformationRow> {
  const row = uuid.safeParse(id).success ? await findTransformation(context.db, id) : undefined;
  if (!row) throw notFound('Transformation not found');
  return row;
}

export async function transformationState(context: AppContext, id: string): Promise<TransformationState> {
  const found = uuid.safeParse(id).success ? await findTransformationWithSources(context.db, id) : undefined;
  if (!found) throw notFound('Transformation not found');
  const { transformation: row, image } = found;
  const progress = row.status === 'completed' ? 100 : row.progress > 0 ? row.progress : null;
  return {
    success: true,
    transformationId: row.id,
    imageId: row.image_id,
    styleId: row.style_id,
    status: row.status,
    publicUrl: row.status === 'completed' && row.storage_path ? context.storage.publicUrl(row.storage_path) : null,
    progress,
    stage: stageFor(progress ?? 0),
    error: row.status === 'failed' ? row.error : null,
    originalUrl: context.storage.publicUrl(image.display_path),
    width: row.width,
    height: row.height,
    renditions: row.status === 'completed' ? publicRenditions(context.storage, row.renditions) : [],
    galleryConsent: row.gallery_consent,
    // A render that has not started (no progress yet) is waiting for an engine.
    queue: row.status === 'processing' && row.progress === 0 ? await queuePlace(context, row.id) : null,
  };
}

/**
 * The waiting render's place in line and when its artwork should be ready: the renders ahead
 * go through the engines running now (every one busy while renders wait), each taking what
 * the last renders took on average; then its own. Null when its job is not waiting.
 */
async function queuePlace(context: AppContext, transformationId: string): Promise<QueuePlace | null> {
  const position = await context.jobs.position('transformation.render', { transformationId });
  if (!position) return null;
  const { ahead, running, recentSeconds } = position;
  const average =
    recentSeconds.length > 0 ? recentSeconds.reduce((sum, seconds) => sum + seconds, 0) / recentSeconds.length : null;
  const startsIn = running > 0 && average !== null ? ((ahead + 0.5) * average) / running : 0;
  return { place: ahead + 1, estimateSeconds: average === null ? null : Math.round(startsIn + average) };
}

/** How long one count of the artworks being made serves everyone who asks. */
const UNDERWAY_FRESH_MS = 100;
/** The last count, per shop database (tests run several shops in one process). */
const underway = new WeakMap<AppContext['db'], { at: number; count: Promise<number> }>();

/**
 * Artworks being made on this machine's cores now or waiting their turn, in every process:
 * what a visitor's mockups hold back for (see the mockups module). A hosted AI's renders wait
 * on the network, not on us, and are not counted; nor are renders past their deadline, which
 * nothing is making any more. A visitor's own artwork stops counting as it is shown to them.
 */
export function previewsUnderway(context: AppContext): Promise<number> {
  const now = Date.now();
  const last = underway.get(context.db);
  if (last && now - last.at < UNDERWAY_FRESH_MS) return last.count;
  const count = countProcessingSince(context.db, new Date(now - RENDER_DEADLINE_MS), HOSTED_AI_ENGINE);
  underway.set(context.db, { at: now, count });
  count.catch(() => underway.delete(context.db));
  return count;
}

/**
 * The capability to change a transformation's e-mail: an HMAC of its id under the app
 * secret, given only to whoever started it. Ids are public (the gallery shows them); this is
 * not, and needs no column: the server recomputes it.
 */
export async function transformationEditToken(context: AppContext, id: string): Promise<string> {
  return createHmac('sha256', await appSecret(context.config))
    .update(`transformation-email:${id}`)
    .digest('base64url');
}

export const EDIT_TOKEN_HEADER = 'x-transformation-token';

export async function updateTransformationEmail(
  context: AppContext,
  id: string,
  email: string,
  token: string | undefined,
): Promise<void> {
  await requireTransformation(context, id);
  if (!(await holdsEditToken(context, id, token))) throw forbidden(TRANSFORMATION_MESSAGES.notYours);
  await updateTransformation(context.db, id, { email });
}

async function holdsEditToken(context: AppContext, id: string, token: string | undefined): Promise<boolean> {
  const expected = Buffer.from(await transformationEditToken(context, id));
  const given = Buffer.from(token ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Its maker's say over the gallery, given or taken back. The maker is whoever holds the
 * edit token (the browser that made it keeps it) or knows an order that holds the artwork
 * (the order page's link, from the confirmation e-mail). Taking it back also takes the
 * artwork off the homepage examples; the owner's hide is left as it is.
 */
export async function setGalleryConsent(
  context: AppContext,
  id: string,
  update: GalleryConsentUpdate,
  token: string | undefined,
): Promise<TransformationState> {
  await requireTransformation(context, id);
  const proven =
    (await holdsEditToken(context, id, token)) ||
    (update.orderId !== undefined && (await orderHoldsArtwork(context.db, update.orderId, id)));
  if (!proven) throw forbidden(GALLERY_CONSENT_TEXT.notYours);
  await updateTransformation(
    context.db,
    id,
    update.consent ? { gallery_consent: true } : { gallery_consent: false, is_homepage_example: false },
  );
  return transformationState(context, id);
}

/** Job: render the preview artwork, reporting progress as the engine's stages complete. */
export async function renderTransformation(
  context: AppContext,
  transformationId: string,
): Promise<'completed' | 'failed' | 'skipped'> {
  const found = await findTransformationWithSources(context.db, transformationId);
  if (!found || found.transformation.status !== 'processing') return 'skipped';
  const { image, style } = found;
  const engine = style ? engineFor(style.engine, context.config) : undefined;
  if (!style || !engine) {
    await fail(context, transformationId, TRANSFORMATION_MESSAGES.styleUnavailable);
    return 'failed';
  }

  let written = 0;
  const report = async (progress: number) => {
    // A write per 5 points is plenty for a progress bar, and keeps the database quiet.
    if (progress - written < 5) return;
    written = progress;
    await updateTransformation(context.db, transformationId, { progress });
  };
  if (engine.reportsProgress) await report(PROGRESS_START);

  try {
    const photo = await context.storage.get(image.display_path);
    const onProgress = engine.reportsProgress
      ? (fraction: number) =>
          void report(Math.round(PROGRESS_START + fraction * (PROGRESS_RENDERED - PROGRESS_START))).catch(() => {})
      : undefined;
    const artwork = await timed(
      (seconds) => renderDuration.observe({ engine: style.engine }, seconds),
      () =>
        engine.render({ photo, longSide: PREVIEW_LONG_SIDE, prompt: style.style_prompt, renditions: true }, onProgress),
    );
    const main = {
      key: `artworks/${transformationId}.jpg`,
      options: { contentType: 'image/jpeg', cacheSeconds: 31_536_000 },
    };
    // A local engine made the renditions in its render thread; a hosted engine's are made here.
    const storeAll = async () =>
      storeRenditions(
        context.storage,
        artwork.renditions ?? (await renderJpegRenditions(artwork.image, artwork)),
        main,
        // Not under artworks/: the backfill reads every file there as an artwork.
        (side) => `renditions/artworks/${transformationId}-${side}.jpg`,
      );
    const [renditions] = await Promise.all([storeAll(), context.storage.put(main.key, artwork.image, main.options)]);
    await updateTransformation(context.db, transformationId, {
      status: 'completed',
      storage_path: main.key,
      renditions,
      width: artwork.width,
      height: artwork.height,
      progress: 100,
      error: null,
      completed_at: new Date(),
    });
  } catch (error) {
    if (!(error instanceof StyleEngineError))
      context.log.error({ err: error, transformationId }, 'transformation failed');
    await fail(
      context,
      transformationId,
      error instanceof StyleEngineError ? error.message : TRANSFORMATION_MESSAGES.exception,
    );
    return 'failed';
  }
  return 'completed';
}

/** The product a print file is for, and how the visitor placed the artwork on it. */
export interface PrintLine {
  /** The catalog variant; null for a line without one (its file is the artwork alone). */
  variantId: number | null;
  /** The visitor's fill or fit; null: the product's default. */
  fit: ArtFit | null;
  /** Printful's printfile size for the variant when Printful is live (else the catalog's 300 dpi area). */
  printfileSize?: { width: number; height: number };
}

export interface PrintFile extends LaidOutPrintFile {
  /** The placement it was laid out with; null for a line outside the built-in catalog. */
  placement: Placement | null;
}

/**
 * The print file of an ordered line: the print area's pixels, with the artwork cropped and
 * placed as the line's placement says (the mockup the visitor saw drew the same). The artwork
 * is made at the size its crop prints at: a painterly local style paints afresh from the
 * original enlarged to that size, so its strokes are made at the print's scale; another local
 * style renders from the original at up to its own resolution; a hosted engine's artwork is
 * enlarged (Lanczos). Only a bought artwork gets one; null when the artwork is not finished
 * or is gone.
 */
export async function renderPrintFile(
  context: AppContext,
  transformationId: string,
  line: PrintLine = { variantId: null, fit: null },
): Promise<PrintFile | null> {
  const found = await findTransformationWithSources(context.db, transformationId);
  if (!found) return null;
  const { transformation, image, style } = found;
  if (transformation.status !== 'completed' || !transformation.storage_path) return null;
  const art = { width: transformation.width ?? image.width, height: transformation.height ?? image.height };
  const product = line.variantId ? findBuiltinVariant(line.variantId) : undefined;
  const placement = product ? placementFor(product.product, product.variant, art, line.fit, line.printfileSize) : null;

  const originalLong = Math.max(image.width, image.height);
  // The artwork's long side at which its crop covers the first copy's position pixel for pixel.
  const neededLong = placement
    ? Math.round(Math.max(art.width, art.height) * (placement.positions[0]!.width / (placement.crop.width * art.width)))
    : Math.min(PRINT_LONG_SIDE, originalLong);
  let artwork: Buffer;
  if (style && isLocalStyleId(style.engine)) {
    const engine = engineFor(style.engine, context.config)!;
    const original = await readOriginal(context, image);
    const painted = paintsAtPrintSize(style.engine);
    const photo = painted ? await enlargeForPainting(original, neededLong) : original;
    const longSide = painted ? neededLong : Math.min(neededLong, originalLong);
    artwork = (await engine.render({ photo, longSide, prompt: style.style_prompt })).image;
  } else {
    artwork = await context.storage.get(transformation.storage_path);
  }
  if (placement) return { ...(await layOutPrintFile(artwork, placement)), placement };
  const enlarged = await enlargeForPrint(artwork, neededLong);
  return { image: enlarged, contentType: 'image/jpeg', extension: 'jpg', placement: null };
}

/** The original photo in a form sharp decodes: HEIC (which libvips here cannot read) via libheif. */
async function readOriginal(context: AppContext, image: { storage_path: string; mime_type: string }): Promise<Buffer> {
  const original = await context.storage.get(image.storage_path);
  return /^image\/hei[cf]/.test(image.mime_type) ? decodeToJpeg(original) : original;
}

async function fail(context: AppContext, transformationId: string, message: string): Promise<void> {
  await updateTransformation(context.db, transformationId, { status: 'failed', error: message });
}

/**
 * Past this a render has failed, whatever became of its job. Its job may run three times
 * (two retries) for at most 5 minutes each; a visitor is not kept waiting beyond that.
 */
export const RENDER_DEADLINE_MS = 20 * 60_000;
/** Younger renders are left alone: their job is about to be queued or picked up. */
const RENDER_GRACE_MS = 30_000;

export interface SettledRenders {
  requeued: number;
  failed: number;
}

/**
 * Recovery: renders still 'processing' that nothing will finish. One with no job at all is
 * queued once; one whose jobs all ended (pg-boss gave up, say after repeated crashes) or
 * that is past its deadline is marked failed, so the visitor is asked to try again instead
 * of watching a bar that never moves. A render whose job is waiting or running is left to it.
 */
export async function settleStuckRenders(context: AppContext, now = new Date()): Promise<SettledRenders> {
  const processing = await listProcessingBefore(context.db, new Date(now.getTime() - RENDER_GRACE_MS), 200);
  const settled: SettledRenders = { requeued: 0, failed: 0 };
  for (const render of processing) {
    const states = await context.jobs.states('transformation.render', { transformationId: render.id });
    const live = states.some((state) => LIVE_JOB_STATES.includes(state));
    const overdue = now.getTime() - render.created_at.getTime() > RENDER_DEADLINE_MS;
    if (overdue || (!live && states.length > 0)) {
      const marked = await failIfProcessing(
        context.db,
        render.id,
        overdue ? TRANSFORMATION_MESSAGES.timedOut : TRANSFORMATION_MESSAGES.failedRetry,
      );
      if (marked) {
        settled.failed += 1;
        context.log.warn({ transformationId: render.id, overdue }, 'a render nobody will finish was marked failed');
      }
    } else if (!live) {
      await context.jobs.send('transformation.render', { transformationId: render.id });
      settled.requeued += 1;
    }
  }
  return settled;
}
