/**
 * The catalog port: what can be printed, and whether a variant can still be ordered. The
 * built-in catalog answers by default; Printful answers when a token is configured. Both
 * speak Printful's shapes, so the rest of the shop never asks which one it has.
 */
import type { CatalogProductSummary } from '../../../domain/admin-products.js';
import type { CatalogProduct, CatalogVariant } from '../../../domain/builtin-catalog.js';

export type { CatalogProduct, CatalogProductSummary, CatalogVariant };

/** A product with its variants (admin §3 "Catalog product details"). */
export interface CatalogProductDetails extends CatalogProductSummary {
  description: string;
  dimensions: { front: string | null; back: string | null };
  variants: Array<
    Pick<CatalogVariant, 'id' | 'name' | 'size' | 'color' | 'color_code' | 'price' | 'in_stock'> & { image: string }
  >;
  files: Array<{ id: string; title: string; type: string }>;
  options: Array<{ id: string; title: string; type: string }>;
}

export interface VariantLookup {
  variant: CatalogVariant;
  product: { id: number; title: string; type: string; is_discontinued: boolean };
}

export interface CatalogProvider {
  readonly id: 'builtin' | 'printful';
  listProducts(): Promise<CatalogProductSummary[]>;
  productDetails(productId: number): Promise<CatalogProductDetails | undefined>;
  /** Undefined when the variant no longer exists (Printful answers 404). */
  variant(variantId: number): Promise<VariantLookup | undefined>;
  /** Every variant of a product, for suggesting alternatives. */
  productVariants(productId: number): Promise<CatalogVariant[]>;
}
