/**
 * A visitor's photo becomes an image row (storefront §4 Upload flow): its bytes are checked,
 * a photo already stored is recognised by its checksum, its metadata is read, the original is
 * kept privately and a stripped display copy publicly, and the row is inserted. Whatever
 * fails leaves neither a row nor a stored file behind.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import {
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  METADATA_TIMEOUT_MS,
  UPLOAD_CACHE_SECONDS,
  UPLOAD_MESSAGES,
} from '../../../domain/upload.js';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError, notFound, payloadTooLarge, unprocessable } from '../../http/errors.js';
import { timestampedName } from '../../infra/storage/index.js';
import { imageAdapters, PngMetadataTooLarge, type ImageAdapters, type ImageHeader } from './adapters/index.js';
import { MIME_TYPES, otherDocumentInside, scanFile, sniffImageFormat, type ImageFormat } from './file-checks.js';
import { EMPTY_METADATA, metadataFromTags, type PhotoMetadata } from './photo-metadata.js';
import { findImage, findImageByChecksum, insertImage, type ImageRow } from './repository.js';

export type { ImageRow } from './repository.js';

export interface IngestSource {
  /** A temporary file holding the photo; the caller removes it afterwards. */
  path: string;
  /** The name the visitor's file had. */
  fileName: string;
}

export interface IngestOptions {
  adapters?: ImageAdapters;
  metadataTimeoutMs?: number;
}

/** sharp's container names for the formats the bytes were recognised as. */
const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  tiff: 'tiff',
  avif: 'heif',
  heic: 'heif',
};

export async function ingestImage(
  context: AppContext,
  source: IngestSource,
  { adapters = imageAdapters, metadataTimeoutMs = METADATA_TIMEOUT_MS }: IngestOptions = {},
): Promise<{ image: ImageRow; created: boolean }> {
  const { size } = await stat(source.path);
  if (size === 0) throw badRequest(UPLOAD_MESSAGES.notAnImage);
  if (size > MAX_UPLOAD_BYTES) throw payloadTooLarge(UPLOAD_MESSAGES.tooLarge);

  const scan = await scanFile(source.path);
  const format = sniffImageFormat(scan.head);
  if (!format) throw badRequest(UPLOAD_MESSAGES.notAnImage);
  if (otherDocumentInside(scan.head, scan.tail, scan.size)) throw badRequest(UPLOAD_MESSAGES.notOnlyAnImage);

  const existing = await findImageByChecksum(context.db, scan.checksum);
  if (existing) return { image: existing, created: false };

  try {
    await adapters.checkMetadataSize(source.path);
  } catch (error) {
    if (error instanceof PngMetadataTooLarge) throw unprocessable(UPLOAD_MESSAGES.metadataTooLarge);
    throw error;
  }
  const header = await readCheckedHeader(adapters, source.path, format);
  const [display, metadata] = await Promise.all([
    adapters.renderDisplayCopy(source.path, header).catch((error: unknown) => {
      context.log.info({ err: error, fileName: source.fileName }, 'an uploaded image could not be decoded');
      throw unprocessable(UPLOAD_MESSAGES.unreadable);
    }),
    readMetadata(context, adapters, source.path, header, metadataTimeoutMs),
  ]);

  const name = timestampedName(source.fileName);
  const originalKey = `original/${name}`;
  // The display copy is public: its name carries no trace of the visitor's file name.
  const displayKey = `display/${randomUUID()}.jpg`;
  const stored: string[] = [];
  try {
    await context.storage.put(
      originalKey,
      { path: source.path },
      {
        contentType: MIME_TYPES[format],
        overwrite: false,
        cacheSeconds: UPLOAD_CACHE_SECONDS,
      },
    );
    stored.push(originalKey);
    await context.storage.put(displayKey, display.data, {
      contentType: 'image/jpeg',
      overwrite: false,
      cacheSeconds: UPLOAD_CACHE_SECONDS,
    });
    stored.push(displayKey);
  } catch (error) {
    context.log.error({ err: error, key: originalKey }, 'storing an uploaded image failed');
    await removeStored(context, stored);
    throw new HttpError(503, UPLOAD_MESSAGES.storageFailed);
  }

  try {
    const image = await insertImage(context.db, {
      ...metadata,
      file_name: source.fileName.slice(0, 500),
      storage_path: originalKey,
      display_path: displayKey,
      checksum: scan.checksum,
      mime_type: MIME_TYPES[format],
      byte_size: scan.size,
      width: header.uprightWidth,
      height: header.uprightHeight,
      // Storefront §6: uploads are public, and carry no user id without a session.
      is_public: true,
      user_id: null,
    });
    return { image, created: true };
  } catch (error) {
    await removeStored(context, stored);
    // The same photo, sent twice at once: the other upload's row is the answer.
    const winner = isUniqueViolation(error) ? await findImageByChecksum(context.db, scan.checksum) : undefined;
    if (winner) return { image: winner, created: false };
    context.log.error({ err: error }, 'saving an uploaded image failed');
    throw new HttpError(500, UPLOAD_MESSAGES.saveFailed);
  }
}

/** The URL a browser shows the photo from: its display copy, never the original. */
const uuid = z.uuid();

/** A photo as the storefront sees it: its id and the URL of its display copy. Nothing else. */
export async function publicImage(context: AppContext, id: string): Promise<{ id: string; url: string }> {
  const image = uuid.safeParse(id).success ? await findImage(context.db, id) : undefined;
  if (!image) throw notFound(UPLOAD_MESSAGES.photoNotFound);
  return { id: image.id, url: imagePublicUrl(context, image) };
}

export function imagePublicUrl(context: AppContext, image: Pick<ImageRow, 'display_path'>): string {
  return context.storage.publicUrl(image.display_path);
}

/** A stored photo's metadata, read exactly as an upload reads it (the EXIF backfill's re-read). */
export async function readPhotoMetadata(
  context: AppContext,
  path: string,
  { adapters = imageAdapters, metadataTimeoutMs = METADATA_TIMEOUT_MS }: IngestOptions = {},
): Promise<PhotoMetadata> {
  const header = await adapters.readHeader(path);
  return readMetadata(context, adapters, path, header, metadataTimeoutMs);
}

async function readCheckedHeader(adapters: ImageAdapters, path: string, format: ImageFormat): Promise<ImageHeader> {
  let header: ImageHeader;
  try {
    header = await adapters.readHeader(path);
  } catch {
    throw unprocessable(UPLOAD_MESSAGES.unreadable);
  }
  // The bytes began like one format but the decoder reads them as another: not a photo we know.
  if (header.format !== SHARP_FORMAT[format]) throw unprocessable(UPLOAD_MESSAGES.unreadable);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw unprocessable(UPLOAD_MESSAGES.tooManyPixels);
  return header;
}

/**
 * Storefront §4/§5: metadata that fails, or takes over 15 s, leaves the photo with empty
 * metadata rather than failing the upload. Unlike the spec's browser we read only the
 * header, so every size is read (the browser skipped files over 10MB).
 */
async function readMetadata(
  context: AppContext,
  adapters: ImageAdapters,
  path: string,
  header: ImageHeader,
  timeoutMs: number,
): Promise<PhotoMetadata> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<PhotoMetadata>((resolve) => {
    timer = setTimeout(() => {
      context.log.warn({ path }, `metadata extraction took over ${timeoutMs} ms; saving the photo without it`);
      resolve(EMPTY_METADATA);
    }, timeoutMs);
  });
  const extracted = (async () => {
    const metadata = metadataFromTags(await adapters.readExifTags(path, header.exif, header.format));
    if (metadata.latitude !== null && metadata.longitude !== null) {
      metadata.location_name = await adapters.placeName(metadata.latitude, metadata.longitude);
    }
    return metadata;
  })().catch((error: unknown) => {
    context.log.warn({ err: error }, 'metadata extraction failed; saving the photo without it');
    return EMPTY_METADATA;
  });
  try {
    return await Promise.race([extracted, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function removeStored(context: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    await context.storage
      .delete(key)
      .catch((error: unknown) => context.log.error({ err: error, key }, 'could not remove a stored upload'));
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
