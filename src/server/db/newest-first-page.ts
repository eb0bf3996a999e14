import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from './types.js';

/**
 * Page `page` (from 1) of the rows of `table` where `where` holds, newest first (rows made in
 * the same instant by id, so each row is on one page only), with how many hold in all: the
 * back office's paged lists.
 */
export async function newestFirstPage<Fields extends SelectedFields>(
  db: Database,
  table: PgTable & { created_at: PgColumn; id: PgColumn },
  fields: Fields,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: Array<SelectResultFields<Fields>>; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(fields as SelectedFields)
      .from(table)
      .where(where)
      .orderBy(desc(table.created_at), desc(table.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(table).where(where),
  ]);
  // Drizzle cannot follow a generic selection through the builder; the rows are of `fields`.
  return { rows: rows as Array<SelectResultFields<Fields>>, total };
}
