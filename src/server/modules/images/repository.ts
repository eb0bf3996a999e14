import { and, eq, isNull, sql } from 'drizzle-orm';
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

// ---------------------------------------------------------------- the EXIF backfill

/**
 * Photos still lacking metadata after `offset`, a position in all photos ordered by upload
 * time (see exif-backfill.ts for why a position over every photo).
 */
const lacking = (offset: number, limit?: number) => sql`
  select id, file_name, storage_path, position from (
    select id, file_name, storage_path, exif_data, row_number() over (order by created_at, id) as position from ${images}
  ) ordered
  where position > ${offset} and exif_data is null
  order by position
  ${limit === undefined ? sql`` : sql`limit ${limit}`}`;

export type ImageLackingExif = { id: string; file_name: string; storage_path: string; position: string | number };

/** Both drivers answer raw SQL with `{ rows }`; their declared result types differ. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function listImagesLackingExif(db: Database, offset: number, limit: number): Promise<ImageLackingExif[]> {
  return rowsOf<ImageLackingExif>(await db.execute(lacking(offset, limit)));
}

export async function countImagesLackingExif(db: Database, offset: number): Promise<number> {
  const [{ remaining }] = rowsOf<{ remaining: number }>(
    await db.execute(sql`select count(*)::int as remaining from (${lacking(offset)}) rest`),
  );
  return remaining;
}

/** Saves the read metadata only while the photo still has none: two runs at once never write twice. */
export async function setExifIfMissing(db: Database, id: string, metadata: Partial<NewImageRow>): Promise<void> {
  await db
    .update(images)
    .set(metadata)
    .where(and(eq(images.id, id), isNull(images.exif_data)));
}
