/** The catalog that ships with the shop (domain/builtin-catalog.ts), answering like Printful would. */
import { builtinCatalog, findBuiltinVariant, type CatalogProduct } from '../../../domain/builtin-catalog.js';
import type { CatalogProvider, CatalogProductDetails, CatalogProductSummary } from './provider.js';

/** Product images of the built-in catalog are rendered by the shop itself (see product-images.ts). */
export const builtinProductImageKey = (productId: number) => `products/catalog-${productId}.jpg`;

export function createBuiltinCatalog(imageUrl: (key: string) => string): CatalogProvider {
  const byId = new Map(builtinCatalog.map((product) => [product.id, product]));
  const summary = (product: CatalogProduct): CatalogProductSummary => ({
    id: product.id,
    name: product.title,
    type: product.type_name,
    brand: product.brand,
    model: product.model,
    image: imageUrl(builtinProductImageKey(product.id)),
    variant_count: product.variants.length,
    currency: product.currency,
  });
  return {
    id: 'builtin',
    async listProducts() {
      return builtinCatalog.filter((product) => !product.is_discontinued).map(summary);
    },
    async productDetails(productId) {
      const product = byId.get(productId);
      if (!product) return undefined;
      const area = (placement: string) => {
        const found = product.print_areas.find(
          (a) => a.placement === placement || (placement === 'front' && a.placement === 'default'),
        );
        return found ? `${found.width}×${found.height} px` : null;
      };
      const details: CatalogProductDetails = {
        ...summary(product),
        description: product.description,
        dimensions: { front: area('front'), back: area('back') },
        variants: product.variants.map((variant) => ({
          id: variant.id,
          name: variant.name,
          size: variant.size,
          color: variant.color,
          color_code: variant.color_code,
          price: variant.price,
          in_stock: variant.in_stock,
          image: imageUrl(builtinProductImageKey(product.id)),
        })),
        files: product.print_areas.map((a) => ({ id: a.placement, title: a.title, type: a.placement })),
        options: product.options,
      };
      return details;
    },
    async variant(variantId) {
      const found = findBuiltinVariant(variantId);
      if (!found) return undefined;
      const { product, variant } = found;
      return {
        variant,
        product: { id: product.id, title: product.title, type: product.type, is_discontinued: product.is_discontinued },
      };
    },
    async productVariants(productId) {
      return byId.get(productId)?.variants ?? [];
    },
  };
}
