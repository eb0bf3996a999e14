/**
 * A store product's own picture (shown before any artwork exists, and wherever a mockup
 * fails), drawn by the local mockup renderer in the variant's colour. Made by a job.
 */
import type { AppContext } from '../../context.js';
import { renderProductImage } from './local/index.js';
import { templateOptions } from './templates.js';
import { findProduct, listProductsWithoutImage } from './repository.js';
import { builtinCatalog, builtinProductImageKey, findBuiltinVariant, setProductImage } from '../catalog/index.js';

export async function queueMissingProductImages(context: AppContext): Promise<void> {
  await context.jobs.send('catalog.catalog-images', { catalog: 'builtin' }, { singletonKey: 'builtin' });
  const missing = await listProductsWithoutImage(context.db);
  for (const item of missing) {
    if (item.variantId && findBuiltinVariant(item.variantId)) {
      await context.jobs.send('catalog.product-image', { productId: item.id }, { singletonKey: item.id });
    }
  }
}

/** Job: renders and stores one product's picture, unless it has one by now. */
export async function renderStoreProductImage(context: AppContext, productId: string): Promise<void> {
  const item = await findProduct(context.db, productId);
  if (!item || item.product_image_url || !item.printful_variant_id || !findBuiltinVariant(item.printful_variant_id))
    return;
  const key = `products/variant-${item.printful_variant_id}.jpg`;
  await context.storage.put(key, await renderProductImage(item.printful_variant_id, templateOptions(context)), {
    contentType: 'image/jpeg',
    cacheSeconds: 86_400,
  });
  await setProductImage(context.db, productId, context.storage.publicUrl(key));
}

/** Job: the built-in catalog's product pictures (the catalog browser's), each drawn once. */
export async function renderCatalogImages(context: AppContext): Promise<void> {
  for (const product of builtinCatalog) {
    const key = builtinProductImageKey(product.id);
    const [first] = product.variants;
    if (!first || (await context.storage.exists(key))) continue;
    await context.storage.put(key, await renderProductImage(first.id, templateOptions(context)), {
      contentType: 'image/jpeg',
      cacheSeconds: 86_400,
    });
  }
}
