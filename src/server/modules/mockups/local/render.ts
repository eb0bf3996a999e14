/**
 * The renderer itself, in whichever thread runs it: templates are cached in this thread's
 * memory, the artwork's mip chain is built once per artwork (and remembered for the next
 * product). It draws pixels; the main thread decodes the artwork and encodes the views.
 */
import { findBuiltinVariant, type MockupKind } from '../../../../domain/builtin-catalog.js';
import { placementFor, type ArtFit } from '../../../../domain/placement.js';
import { prepareArtwork, type DecodedArtwork } from './artwork.js';
import { composeView } from './compose.js';
import { hoodieViews, teeViews, toteViews } from './products/apparel.js';
import { mugViews } from './products/mug.js';
import { phoneCaseViews } from './products/phone-case.js';
import { pillowViews } from './products/pillow.js';
import { canvasViews, framedPosterViews, posterViews } from './products/wall-art.js';
import { templateFor, type ViewContext, type ViewDefinition } from './views.js';

export interface RenderedView {
  placement: string;
  label: string;
  width: number;
  height: number;
  /** Packed RGB, in memory shared with the thread that asked. */
  pixels: Uint8ClampedArray;
}

const viewsByKind: Record<MockupKind, (context: ViewContext) => ViewDefinition[]> = {
  mug: mugViews,
  poster: posterViews,
  'framed-poster': framedPosterViews,
  canvas: canvasViews,
  't-shirt': teeViews,
  hoodie: hoodieViews,
  tote: toteViews,
  'phone-case': phoneCaseViews,
  pillow: pillowViews,
};

/** The views of a variant for an artwork of this aspect; undefined when the catalog lacks it. */
export function viewsOf(variantId: number, artAspect: number): ViewDefinition[] | undefined {
  const found = findBuiltinVariant(variantId);
  if (!found) return undefined;
  return viewsByKind[found.product.mockup]({ product: found.product, variant: found.variant, artAspect });
}

/** The views of a variant carrying the artwork, placed as the print file will be (`fit`: the product's default when absent). */
export async function renderViews(
  artwork: DecodedArtwork,
  variantId: number,
  fit: ArtFit | undefined,
  cacheDir?: string,
): Promise<RenderedView[]> {
  const found = findBuiltinVariant(variantId);
  if (!found) return [];
  const art = prepareArtwork(artwork);
  const placement = placementFor(found.product, found.variant, artwork, fit);
  const views = viewsOf(variantId, art.aspect) ?? [];
  return Promise.all(
    views.map(async (view) => {
      const template = await templateFor(view, cacheDir);
      const pixels = composeView(template, art, placement);
      return { placement: view.placement, label: view.label, width: template.width, height: template.height, pixels };
    }),
  );
}

/** The main view without artwork; undefined when the catalog lacks the variant. */
export async function renderBlank(variantId: number, cacheDir?: string): Promise<RenderedView | undefined> {
  const [main] = viewsOf(variantId, 0.75) ?? [];
  if (!main) return undefined;
  const template = await templateFor(main, cacheDir);
  const pixels = new Uint8ClampedArray(new SharedArrayBuffer(template.base.length));
  pixels.set(template.base);
  return { placement: main.placement, label: main.label, width: template.width, height: template.height, pixels };
}

/** Builds the templates of these variants' views (portrait and landscape wall art alike). */
export async function warmTemplates(variantIds: readonly number[], cacheDir?: string): Promise<void> {
  for (const variantId of variantIds) {
    const views = new Map<string, ViewDefinition>();
    for (const aspect of [0.75, 1.5]) for (const view of viewsOf(variantId, aspect) ?? []) views.set(view.key, view);
    await Promise.all([...views.values()].map((view) => templateFor(view, cacheDir)));
  }
}
