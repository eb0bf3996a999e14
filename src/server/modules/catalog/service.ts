/**
 * The spec's printful-integration actions on whichever catalog this shop has:
 * validate-variants and refresh-product-data (storefront §7, admin §7).
 */
import { variantProblem, type VariantAlternative, type VariantValidation } from '../../../domain/variants.js';
import type { AppContext } from '../../context.js';
import { createBuiltinCatalog } from './builtin-provider.js';
import { printfulClient } from '../../infra/printful/client.js';
import { createPrintfulCatalog } from './printful-provider.js';
import type { CatalogProvider, CatalogVariant } from './provider.js';
import { setVariantBaseCost } from './repository.js';

export function catalogProvider(context: AppContext): CatalogProvider {
  const { printful } = context.config;
  if (printful) return createPrintfulCatalog(printfulClient(printful));
  return createBuiltinCatalog((key) => context.storage.publicUrl(key));
}

export interface ValidationReport {
  results: VariantValidation[];
  /** Orderable variants of the same products, for each invalid variant. */
  alternatives: Record<number, VariantAlternative[]>;
}

export async function validateVariants(context: AppContext, variantIds: number[]): Promise<ValidationReport> {
  const provider = catalogProvider(context);
  const results: VariantValidation[] = [];
  const alternatives: Record<number, VariantAlternative[]> = {};
  for (const variantId of variantIds) {
    try {
      const found = await provider.variant(variantId);
      if (!found) {
        results.push({ variant_id: variantId, valid: false, reason: 'not_found', error: 'Variant not found' });
        continue;
      }
      const reason = variantProblem(found.variant, found.product.is_discontinued);
      if (!reason) {
        results.push({ variant_id: variantId, valid: true });
        continue;
      }
      results.push({ variant_id: variantId, valid: false, reason });
      alternatives[variantId] = await alternativesFor(provider, found.variant);
    } catch (error) {
      context.log.warn({ err: error, variantId }, 'variant validation failed');
      results.push({ variant_id: variantId, valid: false, reason: 'error', error: (error as Error).message });
    }
  }
  return { results, alternatives };
}

async function alternativesFor(provider: CatalogProvider, variant: CatalogVariant): Promise<VariantAlternative[]> {
  const siblings = await provider.productVariants(variant.product_id);
  return (
    siblings
      .filter((sibling) => sibling.id !== variant.id && !variantProblem(sibling))
      // The closest first: same colour, then same size.
      .sort((a, b) => closeness(b, variant) - closeness(a, variant))
      .slice(0, 5)
      .map((sibling) => ({
        variant_id: sibling.id,
        name: sibling.name,
        size: sibling.size,
        color: sibling.color,
        price: sibling.price,
      }))
  );
}

function closeness(candidate: CatalogVariant, wanted: CatalogVariant): number {
  return (candidate.color === wanted.color ? 2 : 0) + (candidate.size === wanted.size ? 1 : 0);
}

export interface RefreshResult {
  success: boolean;
  variant_id: number;
  reason?: VariantValidation['reason'];
  alternatives?: VariantAlternative[];
  base_cost?: number;
}

/**
 * Re-reads a variant from the catalog. When it can still be made, the store product's base
 * cost and last-sync time are brought up to date; otherwise the answer lists alternatives.
 */
export async function refreshProductData(context: AppContext, variantId: number): Promise<RefreshResult> {
  const provider = catalogProvider(context);
  const found = await provider.variant(variantId);
  if (!found) return { success: false, variant_id: variantId, reason: 'not_found', alternatives: [] };
  const reason = variantProblem(found.variant, found.product.is_discontinued);
  if (reason)
    return {
      success: false,
      variant_id: variantId,
      reason,
      alternatives: await alternativesFor(provider, found.variant),
    };
  const baseCost = Number(found.variant.price);
  await setVariantBaseCost(context.db, variantId, baseCost);
  return { success: true, variant_id: variantId, base_cost: baseCost };
}
