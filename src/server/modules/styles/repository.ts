import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { styles } from '../../db/schema.js';

export type StyleRow = typeof styles.$inferSelect;

export function listActiveStyles(db: Database): Promise<StyleRow[]> {
  return db.select().from(styles).where(eq(styles.is_active, true)).orderBy(asc(styles.name));
}

/** The styles that have no preview picture yet. */
export function listStylesWithoutPreview(db: Database): Promise<Array<{ id: string; engine: string }>> {
  return db.select({ id: styles.id, engine: styles.engine }).from(styles).where(isNull(styles.preview_image_path));
}

export async function findStyle(db: Database, id: string): Promise<StyleRow | undefined> {
  const [style] = await db.select().from(styles).where(eq(styles.id, id));
  return style;
}

/** Gives the style this preview unless it has one already; says whether it took it. */
export async function setPreviewIfMissing(db: Database, id: string, key: string): Promise<boolean> {
  const [updated] = await db
    .update(styles)
    .set({ preview_image_path: key })
    .where(and(eq(styles.id, id), isNull(styles.preview_image_path)))
    .returning({ id: styles.id });
  return Boolean(updated);
}
