import type { CatalogProduct, CatalogVariant } from '../../../../domain/builtin-catalog.js';
import type { ViewTemplate } from './template.js';
import { cachedTemplate } from './template-cache.js';

/** Every mockup is this size, square, like Printful's. */
export const MOCKUP_SIZE = 800;

export interface ViewDefinition {
  placement: string;
  label: string;
  /** Identifies the template: views with equal keys share one. */
  key: string;
  build: () => Promise<ViewTemplate>;
}

export interface ViewContext {
  product: CatalogProduct;
  variant: CatalogVariant;
  /** Artwork width / height: wall art hangs in the artwork's orientation. */
  artAspect: number;
}

const templates = new Map<string, Promise<ViewTemplate>>();

/**
 * The template of a view, built once per process, or once per version of the drawing code
 * when `cacheDir` keeps templates on disk (see template-cache.ts).
 */
export function templateFor(view: ViewDefinition, cacheDir?: string): Promise<ViewTemplate> {
  let template = templates.get(view.key);
  if (!template) {
    template = cacheDir ? cachedTemplate(cacheDir, view.key, view.build) : view.build();
    templates.set(view.key, template);
    template.catch(() => templates.delete(view.key));
  }
  return template;
}

/** Physical size of a variant like '18×24' or '16×20″' in inches, or undefined. */
export function sizeInInches(size: string | null): { width: number; height: number } | undefined {
  const m = /(\d+(?:\.\d+)?)\s*[″"]?\s*[×x]\s*(\d+(?:\.\d+)?)/.exec(size ?? '');
  if (!m) return undefined;
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Wall art hangs landscape when the artwork is clearly wider than tall. */
export function orientedSize(
  size: { width: number; height: number },
  artAspect: number,
): { width: number; height: number } {
  const short = Math.min(size.width, size.height);
  const long = Math.max(size.width, size.height);
  return artAspect > 1.05 ? { width: long, height: short } : { width: short, height: long };
}
