import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { image_transformations, images, order_items, styles } from '../../db/schema.js';
import { announceChange } from './progress-signal.js';

export type TransformationRow = typeof image_transformations.$inferSelect;

export async function findTransformation(db: Database, id: string): Promise<TransformationRow | undefined> {
  const [row] = await db.select().from(image_transformations).where(eq(image_transformations.id, id));
  return row;
}

/** A transformation with the photo and style it was made from. */
export async function findTransformationWithSources(db: Database, id: string) {
  const [row] = await db
    .select({ transformation: image_transformations, image: images, style: styles })
    .from(image_transformations)
    .innerJoin(images, eq(images.id, image_transformations.image_id))
    .leftJoin(styles, eq(styles.id, image_transformations.style_id))
    .where(eq(image_transformations.id, id));
  return row;
}

export async function updateTransformation(
  db: Database,
  id: string,
  changes: Partial<typeof image_transformations.$inferInsert>,
): Promise<void> {
  await db.update(image_transformations).set(changes).where(eq(image_transformations.id, id));
  announceChange(id);
}

/** Whether the order has a line with this artwork: the order's id proves its buyer made it. */
export async function orderHoldsArtwork(db: Database, orderId: string, transformationId: string): Promise<boolean> {
  const [line] = await db
    .select({ id: order_items.id })
    .from(order_items)
    .where(and(eq(order_items.order_id, orderId), eq(order_items.transformation_id, transformationId)))
    .limit(1);
  return Boolean(line);
}
