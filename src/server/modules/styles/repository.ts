import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { styles } from '../../db/schema.js';

export type StyleRow = typeof styles.$inferSelect;

export function listActiveStyles(db: Database): Promise<StyleRow[]> {
  return db.select().from(styles).where(eq(styles.is_active, true)).orderBy(asc(styles.name));
}
