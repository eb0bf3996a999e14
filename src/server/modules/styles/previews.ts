/**
 * Each style's picker card shows that style run on one sample photo, made at first start
 * (and again whenever a style has no preview) by a job, so the shop opens at once.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { isLocalStyleId } from '../../../domain/styles.js';
import type { AppContext } from '../../context.js';
import { createLocalEngine } from './engines/local-engine.js';
import { findStyle, listStylesWithoutPreview, setPreviewIfMissing } from './repository.js';

export const PREVIEW_SAMPLE_PHOTO = fileURLToPath(
  new URL('../../../../assets/photos/lake-boats-sunset.jpg', import.meta.url),
);
const PREVIEW_LONG_SIDE = 640;

/** Queues a preview for every local style that has none. */
export async function queueMissingStylePreviews(context: AppContext): Promise<void> {
  const missing = await listStylesWithoutPreview(context.db);
  for (const style of missing) {
    if (isLocalStyleId(style.engine))
      await context.jobs.send('style.render-preview', { styleId: style.id }, { singletonKey: style.id });
  }
}

/** Job: renders and stores one style's preview, unless someone gave it one meanwhile. */
export async function renderStylePreview(context: AppContext, styleId: string): Promise<void> {
  const style = await findStyle(context.db, styleId);
  if (!style || style.preview_image_path || !isLocalStyleId(style.engine)) return;
  const photo = await readFile(PREVIEW_SAMPLE_PHOTO);
  const preview = await createLocalEngine(style.engine).render({ photo, longSide: PREVIEW_LONG_SIDE, prompt: null });
  const key = `style-previews/${style.id}-${Date.now()}.jpg`;
  await context.storage.put(key, preview.image, { contentType: 'image/jpeg', cacheSeconds: 31_536_000 });
  if (!(await setPreviewIfMissing(context.db, styleId, key))) await context.storage.delete(key);
}
