/**
 * A store product's own picture (shown before any artwork exists, and wherever a mockup
 * fails), drawn by the local mockup renderer in the variant's colour. Made by a job.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { physical_items } from '../../db/schema.js';
import { renderProductImage } from './local/index.js';
import { templateOptions } from './templates.js';
import { builtinCatalog, builtinProductImageKey, findBuiltinVariant } from '../catalog/index.js';

export async function queueMissingProductImages(context: AppContext): Promise<void> {
  await context.jobs.send('catalog.catalog-images', { catalog: 'builtin' }, { singletonKey: 'builtin' });
  const missing = await context.db
    .select({ id: physical_items.id, variantId: physical_items.printful_variant_id })
    .from(physical_items)
    .where(isNull(physical_items.product_image_url));
  for (const item of missing) {
    if (item.variantId && findBuiltinVariant(item.variantId)) {
      await context.jobs.send('catalog.product-image', { productId: item.id }, { singletonKey: item.id });
    }
  }
}

/** Job: renders and stores one product's picture, unless it has one by now. */
export async function renderStoreProductImage(context: AppContext, productId: string): Promise<void> {
  const [item] = await context.db.select().from(physical_items).where(eq(physical_items.id, productId));
  if (!item || item.product_image_url || !item.printful_variant_id || !findBuiltinVariant(item.printful_variant_id))
    return;
  const key = `products/variant-${item.printful_variant_id}.jpg`;
  await context.storage.put(key, await renderProductImage(item.printful_variant_id, templateOptions(context)), {
    contentType: 'image/jpeg',
    cacheSeconds: 86_400,
  });
  await context.db
    .update(physical_items)
    .set({ product_image_url: context.storage.publicUrl(key) })
    .where(and(eq(physical_items.id, productId), isNull(physical_items.product_image_url)));
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
