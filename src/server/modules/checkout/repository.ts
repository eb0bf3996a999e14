/**
 * Checkout's queries: the products, artworks and mockups a cart names, read by id for a
 * batch of checkouts at once, and the orders it pays. (The batching itself is the
 * service's, through db/batches.ts; the orders are written through order-records.)
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { image_transformations, mockups, orders, physical_items } from '../../db/schema.js';

export type TransformationRow = typeof image_transformations.$inferSelect;
export type ProductRow = typeof physical_items.$inferSelect;
export type MockupRow = typeof mockups.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** The products of `ids` that can be sold: enabled, with a price. */
export async function listSellableProducts(db: Database, ids: string[]): Promise<ProductRow[]> {
  return db
    .select()
    .from(physical_items)
    .where(
      and(inArray(physical_items.id, ids), eq(physical_items.is_enabled, true), isNotNull(physical_items.final_price)),
    );
}

export async function listTransformations(db: Database, ids: string[]): Promise<TransformationRow[]> {
  return db.select().from(image_transformations).where(inArray(image_transformations.id, ids));
}

/** The stored mockups of these artworks, in their order. */
export async function listMockups(db: Database, transformationIds: string[]): Promise<MockupRow[]> {
  return db
    .select()
    .from(mockups)
    .where(inArray(mockups.transformation_id, transformationIds))
    .orderBy(asc(mockups.position), asc(mockups.source));
}
