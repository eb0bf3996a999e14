/**
 * First start on an empty database makes a usable shop: the art styles, the built-in
 * catalog enabled and priced, and the static example pairs. Each part runs only while its
 * table (or object) is still empty, so a restart never duplicates or overwrites anything
 * the owner changed.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newProductPricing } from '../../domain/pricing.js';
import { DEFAULT_STYLES } from '../../domain/styles.js';
import { categoryFromType, difficultyFromType } from '../../domain/catalog-rules.js';
import type { AppContext } from '../context.js';
import { storeRenditions } from '../infra/renditions.js';
import { defaultStoreProducts, findBuiltinVariant, seedProductsIfEmpty } from '../modules/catalog/index.js';
import { queueMissingProductImages } from '../modules/mockups/index.js';
import { queueMissingStylePreviews, seedStylesIfEmpty } from '../modules/styles/index.js';
import {
  EXAMPLES_ASSET_DIR,
  STATIC_EXAMPLE_PAIRS,
  STATIC_EXAMPLE_RENDITIONS_KEY,
  type StaticExampleRenditions,
} from '../modules/content/index.js';
import { readImageHeader, renderJpegRenditions } from '../modules/images/index.js';

export async function seedShop(context: AppContext): Promise<void> {
  await seedData(context);
  await queueSeedRenders(context);
}

/** The rows and files a shop needs before it answers anyone. */
export async function seedData(context: AppContext): Promise<void> {
  await seedStyles(context);
  await seedProducts(context);
  await seedStaticExamples(context);
  await seedStaticExampleRenditions(context);
}

/** The pictures still missing (style previews, product images), made by the job workers. */
export async function queueSeedRenders(context: AppContext): Promise<void> {
  await queueMissingStylePreviews(context);
  await queueMissingProductImages(context);
}

async function seedStyles(context: AppContext): Promise<void> {
  const seeded = await seedStylesIfEmpty(context.db, DEFAULT_STYLES);
  if (seeded > 0) context.log.info(`seeded ${seeded} art styles`);
}

async function seedProducts(context: AppContext): Promise<void> {
  const seeded = await seedProductsIfEmpty(context.db, () => {
    const now = new Date();
    return defaultStoreProducts.map((entry) => {
      const found = findBuiltinVariant(entry.variantId);
      if (!found) throw new Error(`Default product ${entry.name} names unknown variant ${entry.variantId}`);
      const baseCost = Number(found.variant.price);
      const pricing = newProductPricing(baseCost, entry.markupPercentage);
      return {
        name: entry.name,
        description: entry.description,
        printful_product_id: found.product.id,
        printful_variant_id: found.variant.id,
        printful_base_cost: pricing.baseCost,
        markup_percentage: pricing.markupPercentage,
        markup_dollar: pricing.markupDollar,
        final_price: pricing.finalPrice,
        price: pricing.price,
        printful_sync_status: 'synced' as const,
        last_synced_at: now,
        is_enabled: true,
        product_category: entry.category ?? categoryFromType(found.product.type),
        difficulty_level: difficultyFromType(found.product.type),
      };
    });
  });
  if (seeded > 0) context.log.info(`seeded ${seeded} products from the built-in catalog`);
}

const STATIC_EXAMPLE_FILES = STATIC_EXAMPLE_PAIRS.flatMap((pair) => [
  { file: pair.originalFile, key: pair.originalKey },
  { file: pair.artworkFile, key: pair.artworkKey },
]);
const STATIC_EXAMPLE_PUT = { contentType: 'image/jpeg', cacheSeconds: 86_400 };

async function seedStaticExamples(context: AppContext): Promise<void> {
  for (const { file, key } of STATIC_EXAMPLE_FILES) {
    if (await context.storage.exists(key)) continue;
    const path = join(EXAMPLES_ASSET_DIR, file);
    if (!existsSync(path)) {
      context.log.warn(`static example ${file} is missing from assets/examples`);
      continue;
    }
    await context.storage.put(key, { path }, STATIC_EXAMPLE_PUT);
  }
}

/**
 * The static pairs' 400 and 800 px renditions (their 1600 px files are the third), made once
 * and then listed; a shop seeded before renditions existed gets them on its next start.
 */
async function seedStaticExampleRenditions(context: AppContext): Promise<void> {
  if (await context.storage.exists(STATIC_EXAMPLE_RENDITIONS_KEY)) return;
  const made: StaticExampleRenditions = {};
  for (const { file, key } of STATIC_EXAMPLE_FILES) {
    const path = join(EXAMPLES_ASSET_DIR, file);
    // Warned of above; without the list, the next start tries again.
    if (!existsSync(path)) return;
    made[key] = await storeRenditions(
      context.storage,
      await renderJpegRenditions(await readFile(path), await readImageHeader(path)),
      { key, options: STATIC_EXAMPLE_PUT },
      (side) => key.replace(/\.jpg$/, `-${side}.jpg`),
    );
  }
  await context.storage.put(STATIC_EXAMPLE_RENDITIONS_KEY, Buffer.from(JSON.stringify(made)), {
    contentType: 'application/json',
  });
}
