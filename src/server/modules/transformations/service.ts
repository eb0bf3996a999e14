/**
 * Transformations: a visitor's photo made into an artwork in a chosen style. Starting one
 * records the row and queues the render; the job reports real progress into the row, which
 * the status endpoint and its event stream read, so any process can answer for any job.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { isLocalStyleId } from '../../../domain/styles.js';
import { GALLERY_CONSENT_TEXT, type GalleryConsentUpdate } from '../../../domain/gallery.js';
import { stageFor, TRANSFORMATION_MESSAGES, type TransformationState } from '../../../domain/transformation.js';
import { renderDuration, timed } from '../../http/metrics.js';
import type { AppContext } from '../../context.js';
import { image_transformations, images, styles } from '../../db/schema.js';
import { LIVE_JOB_STATES } from '../../jobs/job-names.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import { publicRenditions, storeRenditions } from '../../infra/renditions.js';
import { decodeToJpeg, enlargeForPrint, renderJpegRenditions } from '../images/index.js';
import { warmMockupTemplates } from '../mockups/index.js';
import { readShopSettings } from '../shop-settings/index.js';
import { engineFor, StyleEngineError } from '../styles/index.js';
import { announceChange } from './progress-signal.js';
import {
  findTransformation,
  findTransformationWithSources,
  orderHoldsArtwork,
  updateTransformation,
  type TransformationRow,
} from './repository.js';

/** The preview artwork's long side; the print file follows the original up to PRINT_LONG_SIDE. */
export const PREVIEW_LONG_SIDE = 2048;
export const PRINT_LONG_SIDE = 6000;

/** Progress as the visitor sees it: the engine's fraction mapped between these. */
const PROGRESS_START = 10;
const PROGRESS_RENDERED = 95;

export const startTransformationSchema = z.object({
  imageId: z.uuid({ message: TRANSFORMATION_MESSAGES.originalNotFound }),
  styleId: z.uuid({ message: TRANSFORMATION_MESSAGES.selectStyle }),
  email: z
    .email({ message: 'Please enter a valid email address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The visitor's answer to the gallery question; left out, the shop's default (Settings). */
  galleryConsent: z.boolean().optional(),
});

export const updateEmailSchema = z.object({
  email: z.email({ message: 'Please enter a valid email address' }),
});

const uuid = z.uuid();

export async function startTransformation(
  context: AppContext,
  input: z.infer<typeof startTransformationSchema>,
): Promise<TransformationRow> {
  const [image] = await context.db.select().from(images).where(eq(images.id, input.imageId));
  if (!image) throw notFound(TRANSFORMATION_MESSAGES.originalNotFound);
  const [style] = await context.db.select().from(styles).where(eq(styles.id, input.styleId));
  if (!style || !style.is_active || !engineFor(style.engine, context.config)) {
    throw badRequest(TRANSFORMATION_MESSAGES.styleUnavailable);
  }
  const galleryConsent = input.galleryConsent ?? (await readShopSettings(context)).gallery_consent_default;
  // The row and its render job commit together: a crash cannot leave a render nobody works.
  await context.jobs.ready();
  const row = await context.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(image_transformations)
      .values({
        image_id: image.id,
        style_id: style.id,
        user_id: image.user_id,
        email: input.email ?? null,
        is_public: true,
        gallery_consent: galleryConsent,
        status: 'processing',
      })
      .returning();
    await context.jobs.sendWithin(tx, 'transformation.render', { transformationId: inserted.id });
    return inserted;
  });
  context.jobs.wake('transformation.render');
  // The visitor will want mockups in a moment: build the renderer's product templates while
  // the artwork is made, rather than holding them in memory while the shop sits idle.
  warmMockupTemplates(context).catch((error) => context.log.warn({ err: error }, 'mockup warm-up failed'));
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
  };
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
      () => engine.render({ photo, longSide: PREVIEW_LONG_SIDE, prompt: style.style_prompt }, onProgress),
    );
    const main = {
      key: `artworks/${transformationId}.jpg`,
      options: { contentType: 'image/jpeg', cacheSeconds: 31_536_000 },
    };
    const [renditions] = await Promise.all([
      renderJpegRenditions(artwork.image, artwork).then((encoded) =>
        // Not under artworks/: the backfill reads every file there as an artwork.
        storeRenditions(
          context.storage,
          encoded,
          main,
          (side) => `renditions/artworks/${transformationId}-${side}.jpg`,
        ),
      ),
      context.storage.put(main.key, artwork.image, main.options),
    ]);
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

/**
 * The print file's pixels for an artwork, at the original's resolution up to 6000 px, because
 * a 2048 px preview prints blurry on a poster. Local engines render it afresh from the
 * original; hosted engines' artworks are enlarged with a Lanczos filter. Only a bought
 * artwork gets one (the order's print-file job calls this); null when the artwork is not
 * finished or is gone.
 */
export async function renderPrintFile(context: AppContext, transformationId: string): Promise<Buffer | null> {
  const found = await findTransformationWithSources(context.db, transformationId);
  if (!found) return null;
  const { transformation, image, style } = found;
  if (transformation.status !== 'completed' || !transformation.storage_path) return null;

  const longSide = Math.min(PRINT_LONG_SIDE, Math.max(image.width, image.height));
  if (style && isLocalStyleId(style.engine)) {
    const engine = engineFor(style.engine, context.config)!;
    const original = await readOriginal(context, image);
    return (await engine.render({ photo: original, longSide, prompt: style.style_prompt })).image;
  }
  const preview = await context.storage.get(transformation.storage_path);
  return enlargeForPrint(preview, longSide);
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
  const processing = await context.db
    .select({ id: image_transformations.id, created_at: image_transformations.created_at })
    .from(image_transformations)
    .where(
      and(
        eq(image_transformations.status, 'processing'),
        lt(image_transformations.created_at, new Date(now.getTime() - RENDER_GRACE_MS)),
      ),
    )
    .orderBy(asc(image_transformations.created_at))
    .limit(200);
  const settled: SettledRenders = { requeued: 0, failed: 0 };
  for (const render of processing) {
    const states = await context.jobs.states('transformation.render', { transformationId: render.id });
    const live = states.some((state) => LIVE_JOB_STATES.includes(state));
    const overdue = now.getTime() - render.created_at.getTime() > RENDER_DEADLINE_MS;
    if (overdue || (!live && states.length > 0)) {
      const marked = await context.db
        .update(image_transformations)
        .set({
          status: 'failed',
          error: overdue ? TRANSFORMATION_MESSAGES.timedOut : TRANSFORMATION_MESSAGES.failedRetry,
        })
        .where(and(eq(image_transformations.id, render.id), eq(image_transformations.status, 'processing')))
        .returning({ id: image_transformations.id });
      if (marked.length > 0) {
        announceChange(render.id);
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
