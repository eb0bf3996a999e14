/**
 * The products back office (admin §2 Products): the store's products with their prices and
 * margins, the pricing rule applied on the server (§5), validation against the catalog, and
 * the catalog browser that adds catalog variants to the store (§3 sync payload, §9 defaults).
 */
import {
  PRODUCT_MESSAGES,
  catalogSyncState,
  type AdminProduct,
  type AdminProductsView,
  type CatalogBrowserProduct,
  type CatalogDetails,
  type ProductPatch,
  type SyncPayload,
  type SyncResponse,
  type SyncResult,
  type ValidateAllResponse,
} from '../../../domain/admin-products.js';
import {
  categoryFromType,
  difficultyFromType,
  type DifficultyLevel,
  type ProductCategory,
} from '../../../domain/catalog-rules.js';
import { formatCents, MAX_PRODUCT_PRICE, MONEY_MESSAGES } from '../../../domain/money.js';
import { computePricing, newProductPricing, toPriceNumber, type PricingInput } from '../../../domain/pricing.js';
import type { AppContext } from '../../context.js';
import { HttpError, notFound } from '../../http/errors.js';
import { onEvent } from '../../jobs/flow.js';
import {
  findStoreProduct,
  findStoreProducts,
  insertStoreProduct,
  listStoreProducts,
  syncedVariants,
  updateStoreProduct,
  type StoreProductRow,
} from './admin-repository.js';
import { catalogProvider, refreshProductData, validateVariants, type RefreshResult } from './service.js';

/** A new product is priced at the store's average markup, or doubled when the store has none. */
const DEFAULT_MARKUP_PERCENTAGE = 100;

export function toAdminProduct(row: StoreProductRow): AdminProduct {
  const base = row.printful_base_cost ?? 0;
  const final = row.final_price;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    final_price: final,
    markup_percentage: row.markup_percentage,
    markup_dollar: row.markup_dollar,
    printful_base_cost: row.printful_base_cost,
    printful_product_id: row.printful_product_id,
    printful_variant_id: row.printful_variant_id,
    printful_sync_status: row.printful_sync_status,
    last_synced_at: row.last_synced_at?.toISOString() ?? null,
    is_enabled: row.is_enabled,
    product_category: row.product_category,
    difficulty_level: row.difficulty_level,
    product_image_url: row.product_image_url,
    created_at: row.created_at.toISOString(),
    margin:
      final == null
        ? null
        : {
            amount: round2(final - base),
            percentage: final > 0 ? Math.round(((final - base) / final) * 1000) / 10 : 0,
          },
    valid: row.printful_variant_id != null && final != null && final > 0 && final >= base,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function listAdminProducts(context: AppContext): Promise<AdminProductsView> {
  const products = (await listStoreProducts(context.db)).map(toAdminProduct);
  const markups = products
    .map((product) => product.markup_percentage)
    .filter((value): value is number => value != null);
  return {
    products,
    stats: {
      total: products.length,
      enabled: products.filter((product) => product.is_enabled).length,
      categories: new Set(products.map((product) => product.product_category)).size,
      avg_markup: markups.length ? Math.round(markups.reduce((sum, value) => sum + value, 0) / markups.length) : 0,
    },
  };
}

/** §5's rule, refusing a price below what the product costs to make. */
function pricingFor(row: StoreProductRow, input: Omit<PricingInput, 'baseCost'>) {
  const pricing = computePricing({ baseCost: row.printful_base_cost ?? 0, ...input });
  if (pricing.finalPrice < pricing.baseCost) {
    throw new HttpError(400, PRODUCT_MESSAGES.belowCost(formatCents(Math.round(pricing.baseCost * 100), 'USD')), {
      field: 'final_price',
    });
  }
  if (pricing.finalPrice > MAX_PRODUCT_PRICE)
    throw new HttpError(400, MONEY_MESSAGES.priceTooHigh, { field: 'final_price' });
  return {
    final_price: pricing.finalPrice,
    price: pricing.price,
    markup_percentage: pricing.markupPercentage,
    markup_dollar: pricing.markupDollar,
  };
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

export async function patchProduct(context: AppContext, id: string, patch: ProductPatch): Promise<AdminProduct> {
  const row = await findStoreProduct(context.db, id);
  if (!row) throw notFound(PRODUCT_MESSAGES.productNotFound);
  const priced = given(patch.final_price) || given(patch.markup_percentage) || given(patch.markup_dollar);
  const values = {
    // Final wins, then percent, then dollar (§5); what is not given plays no part.
    ...(priced
      ? pricingFor(row, {
          finalPrice: given(patch.final_price) ? toPriceNumber(patch.final_price) : null,
          markupPercentage: given(patch.markup_percentage) ? toPriceNumber(patch.markup_percentage) : null,
          markupDollar: given(patch.markup_dollar) ? toPriceNumber(patch.markup_dollar) : null,
        })
      : {}),
    ...(patch.is_enabled === undefined ? {} : { is_enabled: patch.is_enabled }),
    ...(patch.product_category === undefined ? {} : { product_category: patch.product_category }),
  };
  if (Object.keys(values).length === 0) return toAdminProduct(row);
  const updated = await updateStoreProduct(context.db, id, values);
  if (!updated) throw notFound(PRODUCT_MESSAGES.productNotFound);
  return toAdminProduct(updated);
}

/** One markup for many products, all or none: a price below cost refuses the whole batch. */
export async function bulkPrice(
  context: AppContext,
  ids: string[],
  markupPercentage: unknown,
): Promise<AdminProduct[]> {
  const rows = await findStoreProducts(context.db, ids);
  if (rows.length !== new Set(ids).size) throw notFound(PRODUCT_MESSAGES.productNotFound);
  const priced = rows.map((row) => ({
    row,
    values: pricingFor(row, { markupPercentage: toPriceNumber(markupPercentage) }),
  }));
  return context.db.transaction(async (tx) => {
    const updated: AdminProduct[] = [];
    for (const { row, values } of priced) {
      const saved = await updateStoreProduct(tx, row.id, values);
      if (saved) updated.push(toAdminProduct(saved));
    }
    return updated;
  });
}

/** 'Validate All Products': every enabled product's variant, asked of the catalog. */
export async function validateAllProducts(context: AppContext): Promise<ValidateAllResponse> {
  const enabled = (await listStoreProducts(context.db)).filter(
    (row) => row.is_enabled && row.printful_variant_id != null,
  );
  if (enabled.length === 0) return { checked: 0, invalid: 0, message: PRODUCT_MESSAGES.nothingToValidate, results: [] };
  const report = await validateVariants(
    context,
    enabled.map((row) => row.printful_variant_id!),
  );
  const results = enabled.map((row, index) => ({ product_id: row.id, ...report.results[index]! }));
  const invalid = results.filter((result) => !result.valid).length;
  return {
    checked: results.length,
    invalid,
    message: invalid ? PRODUCT_MESSAGES.invalidFound(invalid) : PRODUCT_MESSAGES.allValid(results.length),
    results,
  };
}

async function productVariant(context: AppContext, id: string, missing: string): Promise<number> {
  const row = await findStoreProduct(context.db, id);
  if (!row) throw notFound(PRODUCT_MESSAGES.productNotFound);
  if (row.printful_variant_id == null) throw new HttpError(400, missing);
  return row.printful_variant_id;
}

/** Refresh: the variant re-read from the catalog, its base cost and sync time brought up to date. */
export async function refreshProduct(
  context: AppContext,
  id: string,
): Promise<RefreshResult & { message: string; product?: AdminProduct }> {
  const variantId = await productVariant(context, id, PRODUCT_MESSAGES.noVariantToRefresh);
  const result = await refreshProductData(context, variantId);
  if (!result.success) {
    const message = result.alternatives?.length ? PRODUCT_MESSAGES.alternativesFound : PRODUCT_MESSAGES.refreshFailed;
    return { ...result, message };
  }
  const row = await findStoreProduct(context.db, id);
  return { ...result, message: PRODUCT_MESSAGES.variantRefreshed(variantId), product: row && toAdminProduct(row) };
}

/** Test: whether the catalog can still make this product's variant. */
export async function testProduct(context: AppContext, id: string) {
  const variantId = await productVariant(context, id, PRODUCT_MESSAGES.noVariantToTest);
  const report = await validateVariants(context, [variantId]);
  const result = report.results[0]!;
  const message = result.valid
    ? PRODUCT_MESSAGES.variantValid(variantId)
    : PRODUCT_MESSAGES.variantInvalid(variantId, result.error ?? result.reason ?? 'unknown');
  return { ...result, message, alternatives: report.alternatives[variantId] ?? [] };
}

/** What the store holds of each catalog product: its variants, enabled or not. */
async function storeHoldings(context: AppContext) {
  const byProduct = new Map<number, Array<{ variantId: number; enabled: boolean }>>();
  for (const row of await syncedVariants(context.db)) {
    if (row.printful_product_id == null || row.printful_variant_id == null) continue;
    const list = byProduct.get(row.printful_product_id) ?? [];
    list.push({ variantId: row.printful_variant_id, enabled: row.is_enabled });
    byProduct.set(row.printful_product_id, list);
  }
  return byProduct;
}

function syncOf(
  held: Array<{ variantId: number; enabled: boolean }> | undefined,
  variantCount: number,
): CatalogBrowserProduct['sync'] {
  const list = held ?? [];
  const enabled = list.filter((entry) => entry.enabled).length;
  return {
    state: catalogSyncState(list.length, variantCount),
    synced: list.length,
    enabled,
    disabled: list.length - enabled,
    variant_ids: list.map((entry) => entry.variantId).sort((a, b) => a - b),
  };
}

export interface CatalogFilters {
  search?: string;
  category?: 'all' | ProductCategory;
  difficulty?: 'all' | DifficultyLevel;
  sort?: 'name' | 'type' | 'variants' | 'brand';
}

/** The catalog browser: search over name, type and brand; category, difficulty; sorted (§2). */
export async function browseCatalog(context: AppContext, filters: CatalogFilters): Promise<CatalogBrowserProduct[]> {
  const [products, holdings] = await Promise.all([catalogProvider(context).listProducts(), storeHoldings(context)]);
  const search = filters.search?.trim().toLowerCase() ?? '';
  const listed = products
    // §3: products lacking an id are dropped; the rest get the spec's fallbacks.
    .filter((product) => Number.isInteger(product.id) && product.id > 0)
    .map((product): CatalogBrowserProduct => ({
      id: product.id,
      name: product.name || 'Unknown Product',
      type: product.type || 'Unknown Type',
      brand: product.brand || 'Unknown Brand',
      model: product.model ?? '',
      image: product.image ?? '',
      variant_count: product.variant_count ?? 0,
      currency: product.currency || 'USD',
      category: categoryFromType(product.type),
      difficulty: difficultyFromType(product.type),
      sync: syncOf(holdings.get(product.id), product.variant_count ?? 0),
    }))
    .filter(
      (product) =>
        !search || [product.name, product.type, product.brand].some((text) => text.toLowerCase().includes(search)),
    )
    .filter((product) => !filters.category || filters.category === 'all' || product.category === filters.category)
    .filter(
      (product) => !filters.difficulty || filters.difficulty === 'all' || product.difficulty === filters.difficulty,
    );
  const sort = filters.sort ?? 'name';
  const compare: Record<
    NonNullable<CatalogFilters['sort']>,
    (a: CatalogBrowserProduct, b: CatalogBrowserProduct) => number
  > = {
    name: (a, b) => a.name.localeCompare(b.name),
    type: (a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name),
    variants: (a, b) => b.variant_count - a.variant_count || a.name.localeCompare(b.name),
    brand: (a, b) => a.brand.localeCompare(b.brand) || a.name.localeCompare(b.name),
  };
  return listed.sort(compare[sort]);
}

export async function catalogProductDetails(context: AppContext, productId: number): Promise<CatalogDetails> {
  const [details, holdings] = await Promise.all([
    catalogProvider(context).productDetails(productId),
    storeHoldings(context),
  ]);
  if (!details) throw notFound(PRODUCT_MESSAGES.fetchDetailsFailed);
  const held = new Set((holdings.get(productId) ?? []).map((entry) => entry.variantId));
  const prices = details.variants.map((variant) => Number(variant.price)).filter((price) => Number.isFinite(price));
  return {
    ...details,
    category: categoryFromType(details.type),
    difficulty: difficultyFromType(details.type),
    variants: details.variants.map((variant) => ({ ...variant, synced: held.has(variant.id) })),
    price_range: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
    sync: syncOf(holdings.get(productId), details.variant_count),
  };
}

/**
 * Adds catalog variants to the store (§3 sync payload, §9 defaults: category mugs, difficulty
 * simple, base cost 0). Each variant must exist in the catalog and not be in the store yet.
 * New products are priced at the store's average markup rounded up to a .99 price, switched
 * on unless the payload says otherwise (the owner added them to sell them), and get their
 * product picture from a job.
 */
export async function syncProducts(context: AppContext, payloads: SyncPayload[]): Promise<SyncResponse> {
  const provider = catalogProvider(context);
  const { stats } = await listAdminProducts(context);
  const markup = stats.avg_markup > 0 ? stats.avg_markup : DEFAULT_MARKUP_PERCENTAGE;
  const results: SyncResult[] = [];
  for (const payload of payloads) {
    const failure = (error: string): SyncResult => ({
      printful_variant_id: payload.printful_variant_id,
      name: payload.name,
      success: false,
      error,
    });
    try {
      const found = await provider.variant(payload.printful_variant_id);
      if (!found || found.product.id !== payload.printful_product_id) {
        results.push(failure(PRODUCT_MESSAGES.unknownVariant));
        continue;
      }
      const baseCost = given(payload.base_cost) ? toPriceNumber(payload.base_cost) : toPriceNumber(found.variant.price);
      const pricing = newProductPricing(baseCost, markup);
      if (pricing.finalPrice > MAX_PRODUCT_PRICE) {
        results.push(failure(MONEY_MESSAGES.priceTooHigh));
        continue;
      }
      const row = await insertStoreProduct(context.db, {
        name: payload.name,
        description: payload.description ?? null,
        printful_product_id: payload.printful_product_id,
        printful_variant_id: payload.printful_variant_id,
        printful_base_cost: pricing.baseCost,
        markup_percentage: pricing.markupPercentage,
        markup_dollar: pricing.markupDollar,
        final_price: pricing.finalPrice,
        price: pricing.price,
        printful_sync_status: 'synced',
        last_synced_at: new Date(),
        is_enabled: payload.is_enabled,
        product_category: payload.category ?? 'mugs',
        difficulty_level: payload.difficulty_level ?? 'simple',
        // The built-in catalog's pictures are drawn by the shop; Printful's come with the product.
        product_image_url: provider.id === 'printful' ? (payload.image_url ?? null) : null,
      });
      if (!row) {
        results.push(failure(PRODUCT_MESSAGES.alreadySynced));
        continue;
      }
      await context.jobs.sendAll(onEvent['product.added']({ productId: row.id }));
      results.push({
        printful_variant_id: row.printful_variant_id!,
        name: row.name,
        success: true,
        product: toAdminProduct(row),
      });
    } catch (error) {
      context.log.warn({ err: error, variant: payload.printful_variant_id }, 'catalog sync failed');
      results.push(failure(PRODUCT_MESSAGES.syncFailed));
    }
  }
  const failed = results.filter((result) => !result.success).length;
  return { success: failed === 0, failed, results };
}
