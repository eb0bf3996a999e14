/**
 * Mockups: the artwork on every product. The local renderer answers at once and its views
 * are cached in storage per artwork and variant; with Printful configured, a job asks
 * Printful's generator too, and its mockups replace the local ones once they arrive.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { findBuiltinVariant } from '../../../domain/builtin-catalog.js';
import {
  MOCKUP_MESSAGES,
  type MockupAnswer,
  type MockupView,
  type ParsedGenerateMockupsRequest,
} from '../../../domain/mockups.js';
import { printAreaOf, type ArtFit } from '../../../domain/placement.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { publicRenditions, storeRenditions } from '../../infra/renditions.js';
import { workGate } from '../../infra/work-gate.js';
import { previewsUnderway } from '../transformations/index.js';
import { renderLocalMockups, startLocalMockups, UnknownVariantError } from './local/index.js';
import { templateOptions } from './templates.js';
import { printChecks, printSourceOf } from './print-checks.js';
import { findCompletedTransformation, listMockups, saveMockups, type MockupRow } from './repository.js';

/** The fit a variant's mockups are drawn with: the visitor's, else the product's default (fill outside the catalog). */
export function fitFor(variantId: number, fit: ArtFit | null | undefined): ArtFit {
  if (fit) return fit;
  const found = findBuiltinVariant(variantId);
  return found ? printAreaOf(found.product, found.variant, 1).defaultFit : 'fill';
}

/** How often mockups held behind artworks look again whether any is still being made. */
const HOLD_POLL_MS = 100;
/** The longest a visitor's mockups wait for other visitors' artworks. */
const HOLD_MAX_MS = 15_000;

/**
 * Previews first. A product grid's mockups cost half an artwork's CPU, and on a busy day
 * every one drawn beside the renders made the visitors still waiting for an artwork wait
 * longer: the visitor with an artwork has something to look at, the one without has a
 * progress bar. So mockups start once no artwork is being made or waits its turn, or after
 * `HOLD_MAX_MS`. On a quiet shop this costs one count of the artworks in progress.
 */
async function afterPreviews(context: AppContext): Promise<void> {
  const deadline = Date.now() + HOLD_MAX_MS;
  while (Date.now() < deadline && (await previewsUnderway(context)) > 0) await sleep(HOLD_POLL_MS);
}

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
  const row = await findCompletedTransformation(context.db, transformationId);
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

async function renderAndStore(
  context: AppContext,
  artworkId: string,
  bytes: Buffer,
  variantId: number,
  fit: ArtFit,
): Promise<void> {
  // A call that arrives just after another finished this variant finds its rows instead.
  const already = await listMockups(context.db, artworkId, [variantId]);
  if (already.some((row) => row.source === 'local' && row.fit === fit)) return;
  let views;
  try {
    views = await renderLocalMockups(bytes, variantId, { ...templateOptions(context), fit });
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
      const name = `mockups/${artworkId}/${variantId}-${view.placement}-${fit}-${stamp}`;
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
        fit,
      };
    }),
  );
  await saveMockups(context.db, stored);
}

export async function generateMockups(context: AppContext, input: ParsedGenerateMockupsRequest): Promise<MockupAnswer> {
  const artwork = await completedArtwork(context, input.transformationId);
  const variantIds = [...new Set(input.variant_ids)];
  let rows = await listMockups(context.db, artwork.id, variantIds);

  const fits = new Map(variantIds.map((id) => [id, fitFor(id, input.fit)]));
  const missing = variantIds.filter(
    (id) => !rows.some((row) => row.printful_variant_id === id && row.source === 'local' && row.fit === fits.get(id)),
  );
  if (missing.length > 0) {
    startLocalMockups(missing);
    const [bytes] = await Promise.all([
      artworkBytes(context, artwork.id, artwork.storage_path),
      afterPreviews(context),
    ]);
    // Concurrent calls for one artwork share each variant's render: five visitors' (or one
    // impatient visitor's) requests make one set of files, not five sets with four orphaned.
    // A visitor is waiting: print files and other deferred work hold back meanwhile.
    await workGate.interactiveWork(async () => {
      for (const variantId of missing) {
        const fit = fits.get(variantId)!;
        await renderOnce(`${artwork.id}:${variantId}:${fit}`, () =>
          renderAndStore(context, artwork.id, bytes, variantId, fit),
        );
      }
    });
    rows = await listMockups(context.db, artwork.id, variantIds);
  }

  let pending = false;
  if (context.config.printful) {
    for (const variantId of variantIds) {
      // Printful's generator is asked for the product's own placement; a switched fit shows ours.
      if (fits.get(variantId) !== fitFor(variantId, null)) continue;
      if (rows.some((row) => row.printful_variant_id === variantId && row.source === 'printful')) continue;
      pending = true;
      await context.jobs.send(
        'mockups.printful',
        { transformationId: artwork.id, variantId },
        { singletonKey: `${artwork.id}:${variantId}` },
      );
    }
  }

  const mockups = variantIds.flatMap((variantId) => bestViews(context, rows, variantId, fits.get(variantId)!));
  const source = await printSourceOf(context.db, artwork.id);
  const prints = source ? printChecks(source, variantIds, input.fit) : [];
  if (mockups.length === 0) return { success: false, mockups, pending, error: MOCKUP_MESSAGES.noneGenerated, prints };
  return { success: true, mockups, pending, prints };
}

/** Printful's views when it has made them, else ours, for this fit. */
function bestViews(context: AppContext, rows: MockupRow[], variantId: number, fit: ArtFit): MockupView[] {
  const mine = rows.filter((row) => row.printful_variant_id === variantId && row.fit === fit);
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
    fit: row.fit,
  }));
}

/**
 * The mockup URLs an order item keeps: the views the visitor was shown for the line's fit
 * (Printful's once made, else ours). `rows` are one transformation's mockups, in position order.
 */
export function mockupUrlsOf(context: AppContext, rows: MockupRow[], variantId: number, fit?: ArtFit | null): string[] {
  return bestViews(context, rows, variantId, fitFor(variantId, fit)).map((view) => view.mockup_url);
}
