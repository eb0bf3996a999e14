/**
 * Data Backfill (admin §2 Transformations' Data Backfill tab, §3 Backfill analysis summary
 * and result): artwork files in storage that no transformation row points to (a restore of
 * files without the database, a crash between writing the file and the row) are found, each
 * matched to the photo and style it was most likely made from, and recreated as rows.
 *
 * Matching, per file:
 * - image by name: the file's name contains a photo's id, its stored name, or its file name;
 * - image by time: the newest photo uploaded at most BACKFILL_TIME_WINDOW_MINUTES before the file;
 * - `perfect` when name and time agree on the photo, `filename` when only the name (or the
 *   name against the time) found one, `time` when only the time did, `none` otherwise;
 * - style: the style whose name (as a slug) or engine id the file's name contains, else none.
 * A file matched to no photo cannot be recreated: a transformation needs its photo.
 */
import {
  BACKFILL_INSERT_BATCH,
  BACKFILL_TIME_WINDOW_MINUTES,
  type BackfillAnalysis,
  type BackfillResult,
  type MatchType,
  type MissingTransformation,
} from '../../../domain/admin-transformations.js';
import type { AppContext } from '../../context.js';
import * as repository from './data-tools-repository.js';

const ARTWORK_PREFIX = 'artworks/';
/** One backfill at a time: two at once would recreate the same rows twice. */
const BACKFILL_LOCK = 727_274_015;
const MINUTE = 60_000;

type ImageCandidate = { id: string; file_name: string; storage_path: string; user_id: string | null; created_at: Date };
type StyleCandidate = { id: string; name: string; engine: string };

interface Match {
  file: { key: string; lastModified: Date };
  image: ImageCandidate | null;
  style: StyleCandidate | null;
  matchType: MatchType;
  timeDifferenceMinutes: number | null;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const stem = (key: string) => slug(key.slice(key.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, ''));

function imageByName(name: string, candidates: ImageCandidate[]): ImageCandidate | null {
  const compact = name.replace(/-/g, '');
  let best: { image: ImageCandidate; length: number } | null = null;
  for (const image of candidates) {
    const keys = [image.id.replace(/-/g, ''), stem(image.storage_path).replace(/-/g, '')];
    const fileStem = stem(image.file_name).replace(/-/g, '');
    if (fileStem.length >= 4) keys.push(fileStem);
    for (const key of keys) {
      if (key && compact.includes(key) && (!best || key.length > best.length)) best = { image, length: key.length };
    }
  }
  return best?.image ?? null;
}

function imageByTime(at: Date, candidates: ImageCandidate[]): ImageCandidate | null {
  let best: ImageCandidate | null = null;
  for (const image of candidates) {
    const gap = at.getTime() - image.created_at.getTime();
    if (gap < 0 || gap > BACKFILL_TIME_WINDOW_MINUTES * MINUTE) continue;
    if (!best || image.created_at > best.created_at) best = image;
  }
  return best;
}

function styleByName(name: string, candidates: StyleCandidate[]): StyleCandidate | null {
  let best: { style: StyleCandidate; length: number } | null = null;
  for (const style of candidates) {
    for (const key of [slug(style.name), slug(style.engine)]) {
      if (key.length >= 3 && key !== 'hosted-ai' && name.includes(key) && (!best || key.length > best.length)) {
        best = { style, length: key.length };
      }
    }
  }
  return best?.style ?? null;
}

function match(
  file: { key: string; lastModified: Date },
  imageList: ImageCandidate[],
  styleList: StyleCandidate[],
): Match {
  const name = stem(file.key);
  const byName = imageByName(name, imageList);
  const byTime = imageByTime(file.lastModified, imageList);
  const image = byName ?? byTime;
  const matchType: MatchType =
    byName && byTime?.id === byName.id ? 'perfect' : byName ? 'filename' : byTime ? 'time' : 'none';
  return {
    file,
    image,
    style: styleByName(name, styleList),
    matchType,
    timeDifferenceMinutes: image
      ? Math.round(((file.lastModified.getTime() - image.created_at.getTime()) / MINUTE) * 10) / 10
      : null,
  };
}

async function findMissing(context: AppContext) {
  const [files, recorded, imageList, styleList] = await Promise.all([
    context.storage.list(ARTWORK_PREFIX),
    repository.listRecordedArtworkKeys(context.db),
    repository.listImagesForBackfill(context.db),
    repository.listStyleNames(context.db),
  ]);
  const known = new Set(recorded.map((row) => row.key));
  const missing = files.filter((file) => !known.has(file.key));
  return {
    files,
    existingRecords: files.length - missing.length,
    imageCount: imageList.length,
    styleCount: styleList.length,
    matches: missing.map((file) => match(file, imageList, styleList)),
  };
}

export async function analyzeBackfill(context: AppContext): Promise<BackfillAnalysis> {
  const found = await findMissing(context);
  return {
    summary: {
      totalTransformedFiles: found.files.length,
      existingRecords: found.existingRecords,
      missingRecords: found.matches.length,
      originalImages: found.imageCount,
      availableStyles: found.styleCount,
    },
    missingTransformations: found.matches.map((entry): MissingTransformation => ({
      fileName: entry.file.key,
      createdAt: entry.file.lastModified.toISOString(),
      analysis: {
        matchedStyle: entry.style?.name ?? null,
        matchedImage: entry.image?.file_name ?? null,
        timeDifferenceMinutes: entry.timeDifferenceMinutes,
        matchType: entry.matchType,
      },
    })),
  };
}

export async function runBackfill(context: AppContext, dryRun: boolean): Promise<BackfillResult> {
  const { matches } = await findMissing(context);
  const count = (type: MatchType) => matches.filter((entry) => entry.matchType === type).length;
  const records = matches.flatMap((entry) =>
    entry.image
      ? [
          {
            storage_path: entry.file.key,
            image_id: entry.image.id,
            style_id: entry.style?.id ?? null,
            user_id: entry.image.user_id,
            created_at: entry.file.lastModified,
          },
        ]
      : [],
  );
  const insertResults: BackfillResult['insertResults'] = [];
  if (!dryRun) {
    for (let start = 0; start < records.length; start += BACKFILL_INSERT_BATCH) {
      const chunk = records.slice(start, start + BACKFILL_INSERT_BATCH);
      const batch = start / BACKFILL_INSERT_BATCH + 1;
      try {
        const inserted = await repository.insertBackfilledRecords(context.db, BACKFILL_LOCK, chunk);
        insertResults.push({ batch, records: chunk.length, inserted, error: null });
      } catch (error) {
        context.log.error({ err: error, batch }, 'a backfill batch failed');
        insertResults.push({
          batch,
          records: chunk.length,
          inserted: 0,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  return {
    dryRun,
    matchStats: {
      perfectMatches: count('perfect'),
      timeMatches: count('time'),
      filenameMatches: count('filename'),
      noMatches: count('none'),
    },
    recordsToCreate: records.length,
    insertResults,
    preview: records
      .slice(0, 10)
      .map(({ storage_path, image_id, style_id, user_id }) => ({ storage_path, image_id, style_id, user_id })),
  };
}
