import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { styles } from '../../db/schema.js';

export type StyleRow = typeof styles.$inferSelect;

export function listActiveStyles(db: Database): Promise<StyleRow[]> {
  return db.select().from(styles).where(eq(styles.is_active, true)).orderBy(asc(styles.name));
}

export async function findStyle(db: Database, id: string): Promise<StyleRow | undefined> {
  const [row] = await db.select().from(styles).where(eq(styles.id, id));
  return row;
}
