/**
 * Example pairs under Content Management (admin §2, §4, §5, §9): the list of up to 10, the
 * homepage flag (at most 2, the oldest replaced only when the owner confirms), deletion.
 * A pair is an `images` row (the original) and a completed `image_transformations` row.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLE_LIST_LIMIT, EXAMPLE_MESSAGES, type AdminExamplePair } from '../../../domain/admin-content.js';
import { RENDITION_LONG_SIDES } from '../../../domain/images.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/uploads.js';
import { storeRenditions } from '../../infra/renditions.js';
import { ingestImage, renderJpegRenditions, toPublicJpeg } from '../images/index.js';
import { changeHomepageExamples, insertExampleTransformation } from '../transformations/index.js';
import * as repository from './repository.js';
import type { PairRow } from './repository.js';

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
  const rows = await repository.listExamplePairs(context.db, EXAMPLE_LIST_LIMIT);
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
      const transformation = await insertExampleTransformation(context, {
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
      });
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
