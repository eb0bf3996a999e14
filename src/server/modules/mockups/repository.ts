import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mockups } from '../../db/schema.js';

export type MockupRow = typeof mockups.$inferSelect;

export function listMockups(db: Database, transformationId: string, variantIds: number[]): Promise<MockupRow[]> {
  return db
    .select()
    .from(mockups)
    .where(and(eq(mockups.transformation_id, transformationId), inArray(mockups.printful_variant_id, variantIds)))
    .orderBy(asc(mockups.printful_variant_id), asc(mockups.position));
}

export async function saveMockups(db: Database, rows: Array<typeof mockups.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  // Two requests may render the same views at once; the first set stored wins.
  await db.insert(mockups).values(rows).onConflictDoNothing();
}
