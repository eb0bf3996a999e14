/**
 * Mockups: the artwork on every product. The local renderer answers at once and its views
 * are cached in storage per artwork and variant; with Printful configured, a job asks
 * Printful's generator too, and its mockups replace the local ones once they arrive.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { MockupAnswer, MockupView } from '../../../domain/mockups.js';
import type { AppContext } from '../../context.js';
import { image_transformations } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { publicRenditions, storeRenditions } from '../../infra/renditions.js';
import { renderLocalMockups, startLocalMockups, UnknownVariantError } from './local/index.js';
import { templateOptions } from './templates.js';
import { listMockups, saveMockups, type MockupRow } from './repository.js';

export const MOCKUP_MESSAGES = {
  noArtwork: 'No artwork available for mockup generation',
  noneGenerated: 'No mockups were generated',
} as const;

export const generateMockupsSchema = z.object({
  transformationId: z.uuid({ message: MOCKUP_MESSAGES.noArtwork }),
  variant_ids: z.array(z.coerce.number().int().positive()).min(1).max(50),
});

/** The last few artworks, decoded bytes kept so a product grid's requests share one read. */
const recentArtworks = new Map<string, Promise<Buffer>>();
const RECENT_ARTWORKS = 8;

function artworkBytes(context: AppContext, transformationId: string, key: string): Promise<Buffer> {
  let bytes = recentArtworks.get(transformationId);
  if (!bytes) {
    bytes = context.storage.get(key);
    bytes.catch(() => recentArtworks.delete(transformationId));
    recentArtworks.set(transformationId, bytes);
    if (recentArtworks.size > RECENT_ARTWORKS) recentArtworks.delete(recentArtworks.keys().next().value!);
  }
  return bytes;
}

async function completedArtwork(context: AppContext, transformationId: string) {
  const [row] = await context.db
    .select()
    .from(image_transformations)
    .where(and(eq(image_transformations.id, transformationId), eq(image_transformations.status, 'completed')));
  if (!row?.storage_path) throw notFound(MOCKUP_MESSAGES.noArtwork);
  return { ...row, storage_path: row.storage_path };
}

const rendersUnderWay = new Map<string, Promise<void>>();

function renderOnce(key: string, render: () => Promise<void>): Promise<void> {
  let running = rendersUnderWay.get(key);
  if (!running) {
    running = render().finally(() => rendersUnderWay.delete(key));
    rendersUnderWay.set(key, running);
  }
  return running;
}

async function renderAndStore(context: AppContext, artworkId: string, bytes: Buffer, variantId: number): Promise<void> {
  // A call that arrives just after another finished this variant finds its rows instead.
  const already = await listMockups(context.db, artworkId, [variantId]);
  if (already.some((row) => row.source === 'local')) return;
  let views;
  try {
    views = await renderLocalMockups(bytes, variantId, templateOptions(context));
  } catch (error) {
    if (error instanceof UnknownVariantError) {
      // The web app names the product to the shopper; the provider's id is for the log.
      context.log.warn({ variantId, artworkId }, 'no mockup template for this variant');
      throw badRequest(`Failed to generate previews for variant ${variantId}`);
    }
    throw error;
  }
  const stamp = Date.now().toString(36);
  const stored = await Promise.all(
    views.map(async (view, position) => {
      const name = `mockups/${artworkId}/${variantId}-${view.placement}-${stamp}`;
      const main = { key: `${name}.jpg`, options: { contentType: 'image/jpeg', cacheSeconds: 31_536_000 } };
      const [renditions] = await Promise.all([
        storeRenditions(context.storage, view.renditions, main, (side) => `${name}-${side}.jpg`),
        context.storage.put(main.key, view.image, main.options),
      ]);
      const key = main.key;
      return {
        transformation_id: artworkId,
        printful_variant_id: variantId,
        source: 'local' as const,
        placement: view.placement,
        label: view.label,
        position,
        storage_path: key,
        renditions,
      };
    }),
  );
  await saveMockups(context.db, stored);
}

export async function generateMockups(
  context: AppContext,
  input: z.infer<typeof generateMockupsSchema>,
): Promise<MockupAnswer> {
  const artwork = await completedArtwork(context, input.transformationId);
  const variantIds = [...new Set(input.variant_ids)];
  let rows = await listMockups(context.db, artwork.id, variantIds);

  const missing = variantIds.filter(
    (id) => !rows.some((row) => row.printful_variant_id === id && row.source === 'local'),
  );
  if (missing.length > 0) {
    startLocalMockups(missing);
    const bytes = await artworkBytes(context, artwork.id, artwork.storage_path);
    // Concurrent calls for one artwork share each variant's render: five visitors' (or one
    // impatient visitor's) requests make one set of files, not five sets with four orphaned.
    for (const variantId of missing) {
      await renderOnce(`${artwork.id}:${variantId}`, () => renderAndStore(context, artwork.id, bytes, variantId));
    }
    rows = await listMockups(context.db, artwork.id, variantIds);
  }

  let pending = false;
  if (context.config.printful) {
    for (const variantId of variantIds) {
      if (rows.some((row) => row.printful_variant_id === variantId && row.source === 'printful')) continue;
      pending = true;
      await context.jobs.send(
        'mockups.printful',
        { transformationId: artwork.id, variantId },
        { singletonKey: `${artwork.id}:${variantId}` },
      );
    }
  }

  const mockups = variantIds.flatMap((variantId) => bestViews(context, rows, variantId));
  if (mockups.length === 0) return { success: false, mockups, pending, error: MOCKUP_MESSAGES.noneGenerated };
  return { success: true, mockups, pending };
}

/** Printful's views when it has made them, else ours. */
function bestViews(context: AppContext, rows: MockupRow[], variantId: number): MockupView[] {
  const mine = rows.filter((row) => row.printful_variant_id === variantId);
  const printful = mine.filter((row) => row.source === 'printful');
  const chosen = printful.length > 0 ? printful : mine.filter((row) => row.source === 'local');
  return chosen.map((row) => ({
    variant_id: variantId,
    placement: row.placement,
    label: row.label,
    mockup_url: context.storage.publicUrl(row.storage_path),
    renditions: publicRenditions(context.storage, row.renditions),
    extra_mockups: [],
    source: row.source,
  }));
}

/**
 * The mockup URLs an order item keeps: the views the visitor was shown (Printful's once
 * made, else ours). `rows` are one transformation's mockups, in position order.
 */
export function mockupUrlsOf(context: AppContext, rows: MockupRow[], variantId: number): string[] {
  return bestViews(context, rows, variantId).map((view) => view.mockup_url);
}
