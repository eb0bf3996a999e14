import { and, asc, count, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { hasRow } from '../../db/has-row.js';
import { image_transformations, images, order_items, styles } from '../../db/schema.js';
import { announceChange } from './progress-signal.js';

export type TransformationRow = typeof image_transformations.$inferSelect;
export type NewTransformationRow = typeof image_transformations.$inferInsert;

/** Writes the transformation and what `within` adds (its render job) in one transaction. */
export async function insertTransformation(
  db: Database,
  values: NewTransformationRow,
  within: (tx: Transaction, row: TransformationRow) => Promise<void>,
): Promise<TransformationRow> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(image_transformations).values(values).returning();
    await within(tx, inserted);
    return inserted;
  });
}

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

/** Renders still 'processing' that were started before `before`, oldest first. */
export function listProcessingBefore(db: Database, before: Date, limit: number) {
  return db
    .select({ id: image_transformations.id, created_at: image_transformations.created_at })
    .from(image_transformations)
    .where(and(eq(image_transformations.status, 'processing'), lt(image_transformations.created_at, before)))
    .orderBy(asc(image_transformations.created_at))
    .limit(limit);
}

/** Transformations still being made, queued since `since`, in a style whose engine is not `except`. */
export async function countProcessingSince(db: Database, since: Date, except: string): Promise<number> {
  const [row] = await db
    .select({ renders: count() })
    .from(image_transformations)
    .innerJoin(styles, eq(styles.id, image_transformations.style_id))
    .where(
      and(
        eq(image_transformations.status, 'processing'),
        gt(image_transformations.created_at, since),
        ne(styles.engine, except),
      ),
    );
  return row?.renders ?? 0;
}

/** Marks the render failed only while it is still 'processing'; says whether this call did. */
export async function failIfProcessing(db: Database, id: string, error: string): Promise<boolean> {
  const marked = await db
    .update(image_transformations)
    .set({ status: 'failed', error })
    .where(and(eq(image_transformations.id, id), eq(image_transformations.status, 'processing')))
    .returning({ id: image_transformations.id });
  if (marked.length > 0) announceChange(id);
  return marked.length > 0;
}

/** Whether the order has a line with this artwork: the order's id proves its buyer made it. */
export async function orderHoldsArtwork(db: Database, orderId: string, transformationId: string): Promise<boolean> {
  return hasRow(
    db,
    order_items,
    and(eq(order_items.order_id, orderId), eq(order_items.transformation_id, transformationId)),
  );
}
