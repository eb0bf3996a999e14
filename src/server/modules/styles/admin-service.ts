/**
 * The Art Styles screen's rules (admin §2, §5, §7): every style with its engine, previews
 * stored under style-previews/, and the storefront seeing each change on its next request.
 */
import { z } from 'zod';
import {
  STYLE_MESSAGES,
  styleInputSchema,
  type AdminStyle,
  type UploadedPreview,
} from '../../../domain/admin-styles.js';
import { isLocalStyleId } from '../../../domain/styles.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/uploads.js';
import { toPublicJpeg } from '../images/index.js';
import { timestampedName } from '../../infra/storage/index.js';
import {
  deleteStyleRow,
  findStyleById,
  insertStyle,
  listAllStyles,
  updateStyleRow,
  type StyleRow,
} from './admin-repository.js';
import { engineAvailability, isEngineAvailable } from './engines/availability.js';

type StyleInput = z.output<typeof styleInputSchema>;

const PREVIEW_BOX = { width: 800, height: 800, quality: 85 };
/** The spec's cache time for uploaded previews. */
const PREVIEW_CACHE_SECONDS = 3600;

function toAdminStyle(context: AppContext, row: StyleRow): AdminStyle {
  return {
    id: row.id,
    name: row.name,
    style_prompt: row.style_prompt,
    engine: row.engine,
    is_active: row.is_active,
    preview_image_path: row.preview_image_path,
    preview_image_url: row.preview_image_path ? context.storage.publicUrl(row.preview_image_path) : null,
    engine_available: isEngineAvailable(row.engine, engineAvailability(context.config)),
  };
}

export async function listStylesForAdmin(context: AppContext): Promise<AdminStyle[]> {
  return (await listAllStyles(context.db)).map((row) => toAdminStyle(context, row));
}

async function previewExists(context: AppContext, path: string | null): Promise<void> {
  if (path && !(await context.storage.exists(path))) throw notFound('The preview image was not found; upload it again');
}

/** A local style saved without a preview gets one rendered from the sample photo. */
async function renderPreviewIfMissing(context: AppContext, row: StyleRow): Promise<void> {
  if (!row.preview_image_path && isLocalStyleId(row.engine)) {
    await context.jobs.send('style.render-preview', { styleId: row.id }, { singletonKey: row.id });
  }
}

async function forgetPreview(context: AppContext, path: string | null | undefined): Promise<void> {
  if (path) await context.jobs.send('storage.delete', { key: path });
}

export async function createStyle(context: AppContext, input: StyleInput): Promise<AdminStyle> {
  await previewExists(context, input.preview_image_path);
  const row = await insertStyle(context.db, { ...input, style_prompt: input.style_prompt || null });
  await renderPreviewIfMissing(context, row);
  return toAdminStyle(context, row);
}

export async function updateStyle(context: AppContext, id: string, input: StyleInput): Promise<AdminStyle> {
  const before = await findStyleById(context.db, id);
  if (!before) throw notFound(STYLE_MESSAGES.notFound);
  await previewExists(context, input.preview_image_path);
  const row = await updateStyleRow(context.db, id, { ...input, style_prompt: input.style_prompt || null });
  if (!row) throw notFound(STYLE_MESSAGES.notFound);
  if (before.preview_image_path !== row.preview_image_path) await forgetPreview(context, before.preview_image_path);
  await renderPreviewIfMissing(context, row);
  return toAdminStyle(context, row);
}

export async function setStyleActive(context: AppContext, id: string, isActive: boolean): Promise<AdminStyle> {
  const row = await updateStyleRow(context.db, id, { is_active: isActive });
  if (!row) throw notFound(STYLE_MESSAGES.notFound);
  return toAdminStyle(context, row);
}

/** Artworks made in the style keep existing; they show as made in an unknown style. */
export async function deleteStyle(context: AppContext, id: string): Promise<void> {
  const row = await deleteStyleRow(context.db, id);
  if (!row) throw notFound(STYLE_MESSAGES.notFound);
  await forgetPreview(context, row.preview_image_path);
}

/** Stores a preview under style-previews/ with a timestamped name, never overwriting (admin §7). */
export async function storeStylePreview(context: AppContext, file: UploadedFile): Promise<UploadedPreview> {
  const image = await toPublicJpeg(file.buffer, PREVIEW_BOX, STYLE_MESSAGES.notAnImage);
  const path = `style-previews/${timestampedName(file.fileName)}.jpg`;
  await context.storage.put(path, image.buffer, {
    contentType: 'image/jpeg',
    cacheSeconds: PREVIEW_CACHE_SECONDS,
    overwrite: false,
  });
  return { path, url: context.storage.publicUrl(path) };
}
