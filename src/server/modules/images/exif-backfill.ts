/**
 * The EXIF backfill (admin §2 Settings' EXIF Data Backfill card, §3 EXIF batch result, §4):
 * photos stored without metadata have it read again from their private original, a batch
 * at a time, by the same reader an upload uses.
 *
 * The offset is a position in all photos ordered by upload time, not in the shrinking list
 * of photos still lacking metadata: a photo read successfully leaves that list, and a photo
 * with no EXIF at all stays in it, so only a position over every photo lets a paused run
 * resume exactly where it stopped.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKFILL_MESSAGES, EXIF_BATCH_SIZE, type ExifBatchResult } from '../../../domain/admin-transformations.js';
import type { AppContext } from '../../context.js';
import type { ImageAdapters } from './adapters/index.js';
import {
  countImagesLackingExif,
  listImagesLackingExif,
  setExifIfMissing,
  type ImageLackingExif as LackingRow,
} from './repository.js';
import { readPhotoMetadata } from './service.js';

export async function backfillExifBatch(
  context: AppContext,
  offset: number,
  options: { adapters?: ImageAdapters; batchSize?: number } = {},
): Promise<ExifBatchResult> {
  const batch = await listImagesLackingExif(context.db, offset, options.batchSize ?? EXIF_BATCH_SIZE);
  const errors: string[] = [];
  let successful = 0;
  let noExif = 0;
  const folder = await mkdtemp(join(tmpdir(), 'wanderer-exif-'));
  try {
    for (const row of batch) {
      const outcome = await rereadOne(context, folder, row, options.adapters);
      if (outcome === 'updated') successful += 1;
      else if (outcome === 'no-exif') noExif += 1;
      else errors.push(`${row.file_name}: ${outcome.error}`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const nextOffset = batch.length ? Number(batch[batch.length - 1].position) : offset;
  const remaining = await countImagesLackingExif(context.db, nextOffset);
  return {
    processed: batch.length,
    successful,
    noExif,
    failed: errors.length,
    errors,
    nextOffset,
    hasMore: Number(remaining) > 0,
    remainingImages: Number(remaining),
  };
}

/**
 * Reads one photo's metadata into its row. A photo with no EXIF at all is no failure, only
 * nothing to fill in; a failure says why.
 */
async function rereadOne(
  context: AppContext,
  folder: string,
  row: LackingRow,
  adapters?: ImageAdapters,
): Promise<'updated' | 'no-exif' | { error: string }> {
  let original: Buffer;
  try {
    original = await context.storage.get(row.storage_path);
  } catch {
    return { error: BACKFILL_MESSAGES.fileMissing };
  }
  const path = join(folder, row.id);
  await writeFile(path, original);
  try {
    const metadata = await readPhotoMetadata(context, path, { adapters });
    if (!metadata.exif_data) return 'no-exif';
    // Only while still empty: an owner's two runs at once never write twice.
    await setExifIfMissing(context.db, row.id, metadata);
    return 'updated';
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await rm(path, { force: true });
  }
}
