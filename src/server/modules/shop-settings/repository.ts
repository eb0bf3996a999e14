/**
 * The settings table: one row a key, plain values and sealed secrets alike. This module owns
 * its writes; the settings module (saved API keys) reads and writes its secrets through this
 * module's face.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { settings } from '../../db/schema.js';

export interface SettingRow {
  key: string;
  value: unknown;
  isSecret: boolean;
}

/** The saved rows of these keys; a key never saved has none. */
export async function readSettingRows(db: Database, keys: readonly string[]): Promise<SettingRow[]> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return rows.map((row) => ({ key: row.key, value: row.value, isSecret: row.is_secret }));
}

/** Saves each row, all or none; a row whose value is null is deleted. */
export async function writeSettingRows(
  db: Database,
  rows: Array<{ key: string; value: unknown; isSecret: boolean }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, value, isSecret } of rows) {
      if (value === null) {
        await tx.delete(settings).where(inArray(settings.key, [key]));
        continue;
      }
      await tx
        .insert(settings)
        .values({ key, value, is_secret: isSecret })
        .onConflictDoUpdate({ target: settings.key, set: { value, is_secret: isSecret, updated_at: new Date() } });
    }
  });
}
