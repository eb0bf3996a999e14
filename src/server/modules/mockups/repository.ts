import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { image_transformations, mockups, physical_items } from '../../db/schema.js';

export type MockupRow = typeof mockups.$inferSelect;

export function listMockups(db: Database, transformationId: string, variantIds: number[]): Promise<MockupRow[]> {
  return db
    .select()
    .from(mockups)
    .where(and(eq(mockups.transformation_id, transformationId), inArray(mockups.printful_variant_id, variantIds)))
    .orderBy(asc(mockups.printful_variant_id), asc(mockups.position));
}

export async function saveMockups(db: Database, rows: Array<typeof mockups.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  // Two requests may render the same views at once; the first set stored wins.
  await db.insert(mockups).values(rows).onConflictDoNothing();
}

/** Whether the artwork has Printful's mockups of this variant. */
export async function hasPrintfulMockups(db: Database, transformationId: string, variantId: number): Promise<boolean> {
  const existing = await db
    .select({ id: mockups.id })
    .from(mockups)
    .where(
      and(
        eq(mockups.transformation_id, transformationId),
        eq(mockups.printful_variant_id, variantId),
        eq(mockups.source, 'printful'),
      ),
    );
  return existing.length > 0;
}

export async function findTransformation(db: Database, id: string) {
  const [row] = await db.select().from(image_transformations).where(eq(image_transformations.id, id));
  return row;
}

export async function findCompletedTransformation(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(image_transformations)
    .where(and(eq(image_transformations.id, id), eq(image_transformations.status, 'completed')));
  return row;
}

// ---------------------------------------------------------------- store products' pictures

/** The Printful product id of the store product with this variant. */
export async function findProductIdOfVariant(db: Database, variantId: number): Promise<number | null | undefined> {
  const [item] = await db
    .select({ productId: physical_items.printful_product_id })
    .from(physical_items)
    .where(eq(physical_items.printful_variant_id, variantId));
  return item?.productId;
}

/** Store products with no picture yet. */
export function listProductsWithoutImage(db: Database) {
  return db
    .select({ id: physical_items.id, variantId: physical_items.printful_variant_id })
    .from(physical_items)
    .where(isNull(physical_items.product_image_url));
}

export async function findProduct(db: Database, id: string) {
  const [item] = await db.select().from(physical_items).where(eq(physical_items.id, id));
  return item;
}
