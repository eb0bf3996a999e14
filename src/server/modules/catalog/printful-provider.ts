/** Printful's catalog (API v1), through the shared rate-limited client, with the list cached. */
import type { CatalogVariant } from '../../../domain/builtin-catalog.js';
import { PrintfulError, type PrintfulClient } from '../../infra/printful/client.js';
import type { CatalogProvider, CatalogProductDetails, CatalogProductSummary } from './provider.js';

const CATALOG_TTL_MS = 60 * 60 * 1000;

interface PrintfulProduct {
  id?: number;
  type?: string;
  type_name?: string;
  title?: string;
  brand?: string | null;
  model?: string;
  image?: string;
  variant_count?: number;
  currency?: string;
  is_discontinued?: boolean;
  description?: string;
  files?: Array<{ id: string; title: string; type: string }>;
  options?: Array<{ id: string; title: string; type: string }>;
  dimensions?: Record<string, string> | null;
}

interface PrintfulVariant extends Partial<CatalogVariant> {
  id: number;
  product_id: number;
  image?: string;
}

/** Admin §3: defaults for what Printful leaves out; a product without an id is dropped. */
export function toSummary(product: PrintfulProduct): CatalogProductSummary | undefined {
  if (product.id == null) return undefined;
  return {
    id: product.id,
    name: product.title || 'Unknown Product',
    type: product.type_name || product.type || 'Unknown Type',
    brand: product.brand || 'Unknown Brand',
    model: product.model ?? '',
    image: product.image ?? '',
    variant_count: product.variant_count ?? 0,
    currency: product.currency || 'USD',
  };
}

function toVariant(variant: PrintfulVariant): CatalogVariant {
  return {
    id: variant.id,
    product_id: variant.product_id,
    name: variant.name ?? `Variant ${variant.id}`,
    size: variant.size ?? null,
    color: variant.color ?? null,
    color_code: variant.color_code ?? null,
    price: variant.price ?? '0.00',
    in_stock: variant.in_stock ?? false,
    availability_status: variant.availability_status ?? [],
  };
}

export function createPrintfulCatalog(client: PrintfulClient): CatalogProvider {
  let cached: { at: number; products: CatalogProductSummary[] } | undefined;
  return {
    id: 'printful',
    async listProducts() {
      if (cached && Date.now() - cached.at < CATALOG_TTL_MS) return cached.products;
      const products = (await client.get<PrintfulProduct[]>('/products'))
        .filter((product) => !product.is_discontinued)
        .map(toSummary)
        .filter((product): product is CatalogProductSummary => product !== undefined);
      cached = { at: Date.now(), products };
      return products;
    },
    async productDetails(productId) {
      const found = await notFoundAsUndefined(() =>
        client.get<{ product: PrintfulProduct; variants: PrintfulVariant[] }>(`/products/${productId}`),
      );
      if (!found) return undefined;
      const summary = toSummary({ ...found.product, id: found.product.id ?? productId })!;
      const details: CatalogProductDetails = {
        ...summary,
        variant_count: found.variants.length,
        description: found.product.description ?? '',
        dimensions: { front: found.product.dimensions?.front ?? null, back: found.product.dimensions?.back ?? null },
        variants: found.variants.map((variant) => ({
          id: variant.id,
          name: variant.name ?? `Variant ${variant.id}`,
          size: variant.size ?? null,
          color: variant.color ?? null,
          color_code: variant.color_code ?? null,
          price: variant.price ?? '0.00',
          in_stock: variant.in_stock ?? false,
          image: variant.image ?? '',
        })),
        files: found.product.files ?? [],
        options: found.product.options ?? [],
      };
      return details;
    },
    async variant(variantId) {
      const found = await notFoundAsUndefined(() =>
        client.get<{ variant: PrintfulVariant; product: PrintfulProduct }>(`/products/variant/${variantId}`),
      );
      if (!found) return undefined;
      return {
        variant: toVariant(found.variant),
        product: {
          id: found.product.id ?? found.variant.product_id,
          title: found.product.title ?? 'Unknown Product',
          type: found.product.type ?? '',
          is_discontinued: found.product.is_discontinued ?? false,
        },
      };
    },
    async productVariants(productId) {
      const found = await notFoundAsUndefined(() =>
        client.get<{ product: PrintfulProduct; variants: PrintfulVariant[] }>(`/products/${productId}`),
      );
      return found ? found.variants.map(toVariant) : [];
    },
  };
}

async function notFoundAsUndefined<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PrintfulError && error.status === 404) return undefined;
    throw error;
  }
}
