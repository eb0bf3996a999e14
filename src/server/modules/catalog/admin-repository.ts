/** The SQL of the products back office (admin §7 physical_items). */
import { desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { physical_items } from '../../db/schema.js';

export type StoreProductRow = typeof physical_items.$inferSelect;
export type NewStoreProduct = typeof physical_items.$inferInsert;

/** Every store product, newest first. */
export function listStoreProducts(db: Database): Promise<StoreProductRow[]> {
  return db.select().from(physical_items).orderBy(desc(physical_items.created_at), physical_items.name);
}

export async function findStoreProduct(db: Database, id: string): Promise<StoreProductRow | undefined> {
  const [row] = await db.select().from(physical_items).where(eq(physical_items.id, id));
  return row;
}

export function findStoreProducts(db: Database, ids: string[]): Promise<StoreProductRow[]> {
  return db.select().from(physical_items).where(inArray(physical_items.id, ids));
}

/** The catalog variants the store already sells or holds, for the browser's sync badges. */
export function syncedVariants(db: Database) {
  return db
    .select({
      printful_product_id: physical_items.printful_product_id,
      printful_variant_id: physical_items.printful_variant_id,
      is_enabled: physical_items.is_enabled,
      name: physical_items.name,
    })
    .from(physical_items)
    .where(isNotNull(physical_items.printful_product_id));
}

export async function updateStoreProduct(
  db: Database,
  id: string,
  values: Partial<Omit<StoreProductRow, 'id' | 'created_at'>>,
): Promise<StoreProductRow | undefined> {
  const [row] = await db.update(physical_items).set(values).where(eq(physical_items.id, id)).returning();
  return row;
}

/** Adds a store product; undefined when its variant is already in the store. */
export async function insertStoreProduct(db: Database, values: NewStoreProduct): Promise<StoreProductRow | undefined> {
  const [row] = await db.insert(physical_items).values(values).onConflictDoNothing().returning();
  return row;
}
