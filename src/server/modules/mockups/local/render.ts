/**
 * The renderer itself, in whichever thread runs it: templates are cached in this thread's
 * memory, the artwork is decoded once per call (and remembered for the next product).
 */
import { findBuiltinVariant, type MockupKind } from '../../../../domain/builtin-catalog.js';
import { prepareArtwork } from './artwork.js';
import { composeView, encodeJpeg, encodeJpegWithRenditions } from './compose.js';
import { hoodieViews, teeViews, toteViews } from './products/apparel.js';
import { mugViews } from './products/mug.js';
import { phoneCaseViews } from './products/phone-case.js';
import { pillowViews } from './products/pillow.js';
import { canvasViews, framedPosterViews, posterViews } from './products/wall-art.js';
import { templateFor, type ViewContext, type ViewDefinition } from './views.js';

export interface RenderedView {
  placement: string;
  label: string;
  /** JPEG */
  image: Uint8Array;
  /** Smaller JPEGs for `srcset`; without `image`, the rendition is the view itself. */
  renditions: Array<{ width: number; height: number; image?: Uint8Array }>;
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

export async function renderViews(artwork: Uint8Array, variantId: number, cacheDir?: string): Promise<RenderedView[]> {
  const art = await prepareArtwork(artwork);
  const views = viewsOf(variantId, art.aspect) ?? [];
  return Promise.all(
    views.map(async (view) => {
      const template = await templateFor(view, cacheDir);
      const pixels = composeView(template, art);
      const { image, renditions } = await encodeJpegWithRenditions(pixels, template.width, template.height);
      return {
        placement: view.placement,
        label: view.label,
        image,
        renditions: renditions.map(({ width, height, data }) => ({ width, height, image: data })),
      };
    }),
  );
}

/** The main view without artwork. */
export async function renderBlank(variantId: number, cacheDir?: string): Promise<Uint8Array> {
  const [main] = viewsOf(variantId, 0.75) ?? [];
  if (!main) return new Uint8Array();
  const template = await templateFor(main, cacheDir);
  return encodeJpeg(template.base, template.width, template.height);
}

/** Builds the templates of these variants' views (portrait and landscape wall art alike). */
export async function warmTemplates(variantIds: readonly number[], cacheDir?: string): Promise<void> {
  for (const variantId of variantIds) {
    const views = new Map<string, ViewDefinition>();
    for (const aspect of [0.75, 1.5]) for (const view of viewsOf(variantId, aspect) ?? []) views.set(view.key, view);
    await Promise.all([...views.values()].map((view) => templateFor(view, cacheDir)));
  }
}
