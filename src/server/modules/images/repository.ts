import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { images } from '../../db/schema.js';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

export async function findImageByChecksum(db: Database, checksum: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.checksum, checksum));
  return row;
}

export async function findImage(db: Database, id: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row;
}

export async function insertImage(db: Database, values: NewImageRow): Promise<ImageRow> {
  const [row] = await db.insert(images).values(values).returning();
  return row;
}
