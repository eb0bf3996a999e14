import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { physical_items } from '../../db/schema.js';

export type PhysicalItemRow = typeof physical_items.$inferSelect;

/** What the storefront sells: enabled products with a final price (storefront §5, §7). */
export function listSellableProducts(db: Database): Promise<PhysicalItemRow[]> {
  return db
    .select()
    .from(physical_items)
    .where(and(eq(physical_items.is_enabled, true), isNotNull(physical_items.final_price)))
    .orderBy(desc(physical_items.created_at), physical_items.name);
}

/** Sets a store product's picture, unless it has one by now (the mockups module makes it). */
export async function setProductImage(db: Database, id: string, url: string): Promise<void> {
  await db
    .update(physical_items)
    .set({ product_image_url: url })
    .where(and(eq(physical_items.id, id), isNull(physical_items.product_image_url)));
}

/** Records a variant's base cost from the provider, as just synced. */
export async function setVariantBaseCost(db: Database, variantId: number, baseCost: number): Promise<void> {
  await db
    .update(physical_items)
    .set({ printful_base_cost: baseCost, last_synced_at: new Date(), printful_sync_status: 'synced' })
    .where(eq(physical_items.printful_variant_id, variantId));
}

/**
 * First start: the given store products, only while the table is still empty (a restart never
 * duplicates one the owner changed). Returns how many it wrote.
 */
export async function seedProductsIfEmpty(
  db: Database,
  makeRows: () => Array<typeof physical_items.$inferInsert>,
): Promise<number> {
  const [{ rows }] = await db.select({ rows: count() }).from(physical_items);
  if (rows > 0) return 0;
  const values = makeRows();
  await db.insert(physical_items).values(values);
  return values.length;
}
