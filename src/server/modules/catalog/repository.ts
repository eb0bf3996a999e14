import { and, desc, eq, isNotNull } from 'drizzle-orm';
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
