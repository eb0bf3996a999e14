/**
 * Example pairs under Content Management (admin §2, §4, §5, §9): the list of up to 10, the
 * homepage flag (at most 2, the oldest replaced only when the owner confirms), deletion.
 * A pair is an `images` row (the original) and a completed `image_transformations` row.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import {
  EXAMPLE_LIST_LIMIT,
  EXAMPLE_MESSAGES,
  HOMEPAGE_EXAMPLES_MAX,
  HOMEPAGE_FULL_CODE,
  type AdminExamplePair,
} from '../../../domain/admin-content.js';
import { RENDITION_LONG_SIDES } from '../../../domain/images.js';
import type { AppContext } from '../../context.js';
import { image_transformations, images, order_items } from '../../db/schema.js';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.js';
import { toPublicJpeg, type UploadedFile } from '../../http/uploads.js';
import { renditionKeys, storeRenditions } from '../../infra/renditions.js';
import { ingestImage, renderJpegRenditions } from '../images/index.js';

/** Serialises homepage changes, so two admins at once never make a third homepage example. */
export const HOMEPAGE_LOCK = 727_274_007;

type PairRow = { transformation: typeof image_transformations.$inferSelect; image: typeof images.$inferSelect };

export function toExamplePair(context: AppContext, { transformation, image }: PairRow): AdminExamplePair {
  return {
    id: transformation.id,
    originalImageId: image.id,
    originalImageUrl: context.storage.publicUrl(image.display_path),
    transformedImageUrl: context.storage.publicUrl(transformation.storage_path!),
    isHomepageExample: transformation.is_homepage_example,
    createdAt: transformation.created_at.toISOString(),
  };
}

/** The homepage examples first, then the newest artworks: 10 at most. */
export async function listExamples(context: AppContext): Promise<AdminExamplePair[]> {
  const rows = await context.db
    .select({ transformation: image_transformations, image: images })
    .from(image_transformations)
    .innerJoin(images, eq(images.id, image_transformations.image_id))
    .where(and(eq(image_transformations.status, 'completed'), isNotNull(image_transformations.storage_path)))
    .orderBy(desc(image_transformations.is_homepage_example), desc(image_transformations.created_at))
    .limit(EXAMPLE_LIST_LIMIT);
  return rows.map((row) => toExamplePair(context, row));
}

/** The artwork's size and quality match the preview artworks the style engines make. */
const ARTWORK_BOX = { width: 2048, height: 2048, quality: 90 };

/**
 * Uploads a pair: the original goes through the same checked ingestion as a visitor's photo
 * (private original, public stripped display copy, deduplicated by checksum), the artwork is
 * stored under artworks/, and a completed transformation without a style joins them.
 */
export async function uploadExample(
  context: AppContext,
  pair: { original: UploadedFile; transformed: UploadedFile; userId: string },
): Promise<AdminExamplePair> {
  const artwork = await toPublicJpeg(pair.transformed.buffer, ARTWORK_BOX, EXAMPLE_MESSAGES.transformedNotAnImage);
  const folder = await mkdtemp(join(tmpdir(), 'wanderer-example-'));
  try {
    const path = join(folder, 'original');
    await writeFile(path, pair.original.buffer);
    const { image } = await ingestImage(context, { path, fileName: pair.original.fileName });
    const name = `example-${randomUUID()}`;
    const main = {
      key: `artworks/${name}.jpg`,
      options: { contentType: 'image/jpeg', cacheSeconds: 86_400, overwrite: false },
    };
    const artworkKey = main.key;
    await context.storage.put(artworkKey, artwork.buffer, main.options);
    const renditionKeyOf = (side: number) => `renditions/artworks/${name}-${side}.jpg`;
    try {
      const renditions = await storeRenditions(
        context.storage,
        await renderJpegRenditions(artwork.buffer, artwork),
        main,
        renditionKeyOf,
      );
      const now = new Date();
      const [transformation] = await context.db
        .insert(image_transformations)
        .values({
          image_id: image.id,
          style_id: null,
          user_id: pair.userId,
          status: 'completed',
          progress: 100,
          storage_path: artworkKey,
          renditions,
          width: artwork.width,
          height: artwork.height,
          is_public: true,
          // The owner's own pair, uploaded to be shown.
          gallery_consent: true,
          completed_at: now,
        })
        .returning();
      return toExamplePair(context, { transformation, image });
    } catch (error) {
      const made = [artworkKey, ...RENDITION_LONG_SIDES.map(renditionKeyOf)];
      await Promise.all(made.map((key) => context.storage.delete(key).catch(() => {})));
      throw error;
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function setHomepageExample(
  context: AppContext,
  id: string,
  wanted: { isHomepageExample: boolean; replaceOldest: boolean },
): Promise<void> {
  const { refused } = await changeHomepageExamples(context, [id], wanted);
  if (refused.length > 0) throw notFound(EXAMPLE_MESSAGES.notFound);
}

export interface HomepageChange {
  changed: string[];
  unchanged: string[];
  /** Not found, or with no finished artwork to show, or its maker did not agree to show it. */
  refused: string[];
  /** Of `refused`: artworks whose makers did not agree to the gallery. */
  withoutConsent: string[];
}

/**
 * The homepage flag for one artwork or several (Content's pairs and the Transformations
 * feed share it): at most HOMEPAGE_EXAMPLES_MAX, the oldest turned off only when the owner
 * confirmed. An example is shown on Home, so setting one also makes it visible there.
 */
export async function changeHomepageExamples(
  context: AppContext,
  ids: string[],
  wanted: { isHomepageExample: boolean; replaceOldest: boolean },
): Promise<HomepageChange> {
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HOMEPAGE_LOCK})`);
    const rows = ids.length
      ? await tx.select().from(image_transformations).where(inArray(image_transformations.id, ids))
      : [];
    const found = new Map(rows.map((row) => [row.id, row]));
    const refused = ids.filter((id) => {
      const row = found.get(id);
      return (
        !row || (wanted.isHomepageExample && (row.status !== 'completed' || !row.storage_path || !row.gallery_consent))
      );
    });
    const withoutConsent = wanted.isHomepageExample
      ? rows.filter((row) => !row.gallery_consent).map((row) => row.id)
      : [];
    const eligible = rows.filter((row) => !refused.includes(row.id));
    const unchanged = eligible
      .filter((row) => row.is_homepage_example === wanted.isHomepageExample)
      .map((row) => row.id);
    const changed = eligible.filter((row) => row.is_homepage_example !== wanted.isHomepageExample).map((row) => row.id);
    if (changed.length === 0) return { changed, unchanged, refused, withoutConsent };
    if (wanted.isHomepageExample) {
      if (changed.length + unchanged.length > HOMEPAGE_EXAMPLES_MAX) throw badRequest(EXAMPLE_MESSAGES.tooMany);
      const current = await tx
        .select({ id: image_transformations.id })
        .from(image_transformations)
        .where(and(eq(image_transformations.is_homepage_example, true), notInArray(image_transformations.id, ids)))
        .orderBy(asc(image_transformations.created_at), asc(image_transformations.id));
      const excess = current.length + changed.length + unchanged.length - HOMEPAGE_EXAMPLES_MAX;
      if (excess > 0) {
        if (!wanted.replaceOldest) {
          throw new HttpError(409, EXAMPLE_MESSAGES.replaceConfirmation, { code: HOMEPAGE_FULL_CODE });
        }
        const oldest = current.slice(0, excess).map((example) => example.id);
        await tx
          .update(image_transformations)
          .set({ is_homepage_example: false })
          .where(inArray(image_transformations.id, oldest));
      }
      await tx
        .update(image_transformations)
        .set({ is_homepage_example: true, is_public: true })
        .where(inArray(image_transformations.id, changed));
    } else {
      await tx
        .update(image_transformations)
        .set({ is_homepage_example: false })
        .where(inArray(image_transformations.id, changed));
    }
    return { changed, unchanged, refused, withoutConsent };
  });
}

/**
 * Deletes a pair: the artwork, and the original too when no other artwork was made from it.
 * Files an order still needs for printing are kept.
 */
export async function deleteExample(context: AppContext, id: string): Promise<void> {
  const unusedFiles = await context.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HOMEPAGE_LOCK})`);
    const [row] = await tx.select().from(image_transformations).where(eq(image_transformations.id, id));
    if (!row) throw notFound(EXAMPLE_MESSAGES.notFound);
    if (row.is_homepage_example) throw conflict(EXAMPLE_MESSAGES.cannotDeleteHomepage);
    const [ordered] = await tx
      .select({ id: order_items.id })
      .from(order_items)
      .where(eq(order_items.transformation_id, id))
      .limit(1);
    await tx.delete(image_transformations).where(eq(image_transformations.id, id));
    const files = ordered ? [] : [row.storage_path, row.print_file_path, ...renditionKeys(row.renditions)];
    const [sibling] = await tx
      .select({ id: image_transformations.id })
      .from(image_transformations)
      .where(eq(image_transformations.image_id, row.image_id))
      .limit(1);
    if (!sibling) {
      const [image] = await tx.delete(images).where(eq(images.id, row.image_id)).returning();
      if (image) files.push(image.storage_path, image.display_path);
    }
    return files.filter((key): key is string => Boolean(key));
  });
  for (const key of unusedFiles) await context.jobs.send('storage.delete', { key });
}
