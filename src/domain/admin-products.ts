/**
 * The products and catalog back office (admin §2 Products, §3, §4, §5, §8, §9): the store
 * product as the owner sees it, the catalog browser's product with its sync state, the
 * requests the screens send, and every message they show. Shared by the server and the web.
 */
import { z } from 'zod';
import { difficultyLevels, productCategories, type DifficultyLevel, type ProductCategory } from './catalog-rules.js';

export const PRODUCT_MESSAGES = {
  fetchCatalogFailed: 'Failed to fetch Printful catalog',
  fetchDetailsFailed: 'Failed to fetch product details',
  fetchProductsFailed: 'Failed to fetch products',
  loadCatalogFailed: 'Failed to load Printful catalog. Please check the console for details.',
  loadDetailsFailed: 'Failed to load product details. Please check the console for details.',
  pricingFailed: 'Failed to update product pricing',
  pricingUpdated: 'Product pricing updated successfully',
  statusFailed: 'Failed to update product status',
  statusUpdated: (enabled: boolean) => `Product ${enabled ? 'enabled' : 'disabled'} successfully`,
  refreshFailed: 'Failed to refresh product data',
  alternativesFound: 'Product variant unavailable, but alternatives found. Please re-sync the product.',
  validateFailed: 'Failed to validate products',
  nothingToValidate: 'No enabled products to validate',
  invalidFound: (n: number) => `Found ${n} products with invalid variants that need refreshing`,
  allValid: (n: number) => `All ${n} enabled products are valid`,
  syncToStoreFailed: 'Failed to sync products to store',
  syncSomeFailed: (n: number) => `Failed to sync ${n} products. Check console for details.`,
  syncFailed: 'Failed to sync products',
  nothingProcessed: 'No products could be processed',
  syncedVariants: (names: string[]) => `Successfully synced variants: ${names.join(', ')}`,
  synced: (names: string[]) => `Successfully synced: ${names.join(', ')}`,
  validationFailed: (message: string) => `Validation failed: ${message}`,
  variantValid: (id: number) => `Variant ${id} is valid`,
  variantInvalid: (id: number, reason: string) => `Variant ${id} is invalid: ${reason}`,
  unexpectedResponse: 'Unexpected response format',
  testFailed: (message: string) => `Test failed: ${message}`,
  variantRefreshFailed: (message: string) => `Failed to refresh variant: ${message}`,
  variantRefreshed: (id: number) => `Variant ${id} refreshed successfully`,
  variantAlternatives: 'Variant unavailable, alternatives found. Please re-sync the product.',
  variantRefreshDataFailed: 'Failed to refresh variant data',
  variantRefreshNetwork: 'Network error while refreshing variant',
  copiedOne: 'Variant ID copied to clipboard',
  copiedMany: (n: number) => `Copied ${n} variant IDs to clipboard`,
  selectAtLeastOne: 'Please select at least one product',
  noVariantToRefresh: 'No variant ID available for refresh',
  noVariantToTest: 'No variant ID to test',
  noVariantToCopy: 'No variant ID to copy',
  emptyProducts: 'No products found. Add products from the Printful catalog to get started.',
  emptyCatalog: 'No products match your current filters.',
  /** Ours: the server refuses to sell below cost. */
  belowCost: (base: string) => `The final price cannot be below the base cost (${base}).`,
  productNotFound: 'Product not found',
  alreadySynced: 'This variant is already in the store.',
  unknownVariant: 'This variant is not in the catalog.',
} as const;

/** §9: amber when the last sync is over 3 days old, red with a warning over 7. */
export const SYNC_AGE_WARN_DAYS = 3;
export const SYNC_AGE_ALERT_DAYS = 7;
/** §9: skeletons while loading. */
export const PRICING_SKELETON_ROWS = 3;
export const CATALOG_SKELETON_CARDS = 8;
/** §2: up to 6 variant thumbnails in the details dialog. */
export const DETAIL_VARIANT_THUMBNAILS = 6;

export type SyncAge = { label: string; days: number; level: 'fresh' | 'warn' | 'alert' } | null;

/** 'today', '1 day ago' or 'n days ago', with its warning level (§2, §9). */
export function syncAge(lastSyncedAt: string | Date | null, now = new Date()): SyncAge {
  if (!lastSyncedAt) return null;
  const days = Math.max(0, Math.floor((now.getTime() - new Date(lastSyncedAt).getTime()) / 86_400_000));
  const label = days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;
  const level = days > SYNC_AGE_ALERT_DAYS ? 'alert' : days > SYNC_AGE_WARN_DAYS ? 'warn' : 'fresh';
  return { label, days, level };
}

/** A store product (admin §3 physical_items), prices in dollars as the spec stores them. */
export interface AdminProduct {
  id: string;
  name: string;
  description: string | null;
  price: number | null;
  final_price: number | null;
  markup_percentage: number | null;
  markup_dollar: number | null;
  printful_base_cost: number | null;
  printful_product_id: number | null;
  printful_variant_id: number | null;
  printful_sync_status: 'synced' | 'pending';
  last_synced_at: string | null;
  is_enabled: boolean;
  product_category: string;
  difficulty_level: string;
  product_image_url: string | null;
  created_at: string;
  /** What each sale earns: final price minus base cost, and that as a share of the final price. */
  margin: { amount: number; percentage: number } | null;
  /** Whether the product can be sold as priced: a variant id and a final price not below cost. */
  valid: boolean;
}

export interface ProductStats {
  total: number;
  enabled: number;
  categories: number;
  /** §2: the rounded mean of markup_percentage, 0 if none. */
  avg_markup: number;
}

export interface AdminProductsView {
  products: AdminProduct[];
  stats: ProductStats;
}

const priceField = z.union([z.number(), z.string()]).nullish();

/** PATCH /api/admin/products/:id: any of these; prices follow §5's rule on the server. */
export const productPatchSchema = z
  .object({
    final_price: priceField,
    markup_percentage: priceField,
    markup_dollar: priceField,
    is_enabled: z.boolean().optional(),
    product_category: z.enum(productCategories).optional(),
  })
  .strict();
export type ProductPatch = z.infer<typeof productPatchSchema>;

export const bulkPriceSchema = z.object({
  ids: z.array(z.uuid()).min(1, PRODUCT_MESSAGES.selectAtLeastOne).max(500),
  markup_percentage: z.union([z.number(), z.string()]),
});

/** §3 sync payload: a catalog variant made a store product. */
export const syncPayloadSchema = z.object({
  printful_product_id: z.number().int().positive(),
  printful_variant_id: z.number().int().positive(),
  is_enabled: z.boolean().default(true),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullish(),
  base_cost: z.union([z.number(), z.string()]).nullish(),
  category: z.enum(productCategories).optional(),
  difficulty_level: z.enum(difficultyLevels).optional(),
  image_url: z.string().max(2000).nullish(),
});
export type SyncPayload = z.infer<typeof syncPayloadSchema>;

export const syncRequestSchema = z.object({
  products: z.array(syncPayloadSchema).min(1, PRODUCT_MESSAGES.selectAtLeastOne).max(200),
});

export interface SyncResult {
  printful_variant_id: number;
  name: string;
  success: boolean;
  error?: string;
  product?: AdminProduct;
}

export interface SyncResponse {
  success: boolean;
  failed: number;
  results: SyncResult[];
}

export type CatalogSyncState = 'none' | 'partial' | 'full';

/** A product as the catalog lists it (admin §3 "Catalog product"), built-in or Printful's. */
export interface CatalogProductSummary {
  id: number;
  name: string;
  type: string;
  brand: string;
  model: string;
  image: string;
  variant_count: number;
  currency: string;
}

/** A catalog product in the browser (§3), with what the store already has of it. */
export interface CatalogBrowserProduct extends CatalogProductSummary {
  category: ProductCategory;
  difficulty: DifficultyLevel;
  sync: { state: CatalogSyncState; synced: number; enabled: number; disabled: number; variant_ids: number[] };
}

export const catalogSorts = ['name', 'type', 'variants', 'brand'] as const;
export const catalogQuerySchema = z.object({
  search: z.string().max(200).optional(),
  category: z.enum(['all', ...productCategories]).optional(),
  difficulty: z.enum(['all', ...difficultyLevels]).optional(),
  sort: z.enum(catalogSorts).optional(),
});

/** §4: none, partial ('x/y Synced') or full (synced count at least the variant count). */
export function catalogSyncState(synced: number, variantCount: number): CatalogSyncState {
  if (synced <= 0) return 'none';
  return synced >= variantCount ? 'full' : 'partial';
}

export interface CatalogDetailsVariant {
  id: number;
  name: string;
  size: string | null;
  color: string | null;
  color_code: string | null;
  price: string;
  in_stock: boolean;
  image: string;
  /** Already a store product: it cannot be selected again (§5). */
  synced: boolean;
}

export interface CatalogDetails extends Omit<CatalogBrowserProduct, 'sync'> {
  description: string;
  dimensions: { front: string | null; back: string | null };
  variants: CatalogDetailsVariant[];
  files: Array<{ id: string; title: string; type: string }>;
  options: Array<{ id: string; title: string; type: string }>;
  price_range: { min: number; max: number } | null;
  sync: CatalogBrowserProduct['sync'];
}

/** The answers of Validate All, Refresh and Test (§7 validate-variants, refresh-product-data). */
export interface ValidateAllResponse {
  checked: number;
  invalid: number;
  message: string;
  results: Array<{ product_id: string; variant_id: number; valid: boolean; reason?: string; error?: string }>;
}
