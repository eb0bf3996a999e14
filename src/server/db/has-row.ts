import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './types.js';

/** Whether `table` has a row where `where` holds: the first one found answers. */
export async function hasRow(db: Database, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ found: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return Boolean(row);
}
