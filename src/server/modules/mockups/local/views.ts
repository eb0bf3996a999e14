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

export { orientedSize, sizeInInches } from '../../../../domain/placement.js';
