import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { styles } from '../../db/schema.js';

export type StyleRow = typeof styles.$inferSelect;
export type StyleValues = Pick<StyleRow, 'name' | 'style_prompt' | 'engine' | 'is_active' | 'preview_image_path'>;

/** Every style, active or not, ordered by name (admin §7). */
export function listAllStyles(db: Database): Promise<StyleRow[]> {
  return db.select().from(styles).orderBy(asc(styles.name));
}

export async function findStyleById(db: Database, id: string): Promise<StyleRow | undefined> {
  const [row] = await db.select().from(styles).where(eq(styles.id, id));
  return row;
}

export async function insertStyle(db: Database, values: StyleValues): Promise<StyleRow> {
  const [row] = await db.insert(styles).values(values).returning();
  return row;
}

export async function updateStyleRow(
  db: Database,
  id: string,
  values: Partial<StyleValues>,
): Promise<StyleRow | undefined> {
  const [row] = await db.update(styles).set(values).where(eq(styles.id, id)).returning();
  return row;
}

export async function deleteStyleRow(db: Database, id: string): Promise<StyleRow | undefined> {
  const [row] = await db.delete(styles).where(eq(styles.id, id)).returning();
  return row;
}

/**
 * First start: the given styles, active, only while the table is still empty (a restart never
 * duplicates one the owner changed). Returns how many it wrote.
 */
export async function seedStylesIfEmpty(
  db: Database,
  values: ReadonlyArray<Pick<StyleValues, 'name' | 'engine' | 'style_prompt'>>,
): Promise<number> {
  const [{ rows }] = await db.select({ rows: count() }).from(styles);
  if (rows > 0) return 0;
  await db.insert(styles).values(values.map((style) => ({ ...style, is_active: true })));
  return values.length;
}
