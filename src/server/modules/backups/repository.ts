/** The backups' one setting, in the settings table: how many archives to keep. */
import { eq } from 'drizzle-orm';
import { BACKUP_KEEP_DEFAULT, BACKUP_KEEP_MAX } from '../../../domain/backups.js';
import type { Database } from '../../db/client.js';
import { settings } from '../../db/schema.js';

const KEEP_KEY = 'backups_keep';

export async function readKeep(db: Database): Promise<number> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEEP_KEY));
  const value = row && !row.is_secret ? row.value : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= BACKUP_KEEP_MAX
    ? value
    : BACKUP_KEEP_DEFAULT;
}

export async function saveKeep(db: Database, keep: number): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEEP_KEY, value: keep, is_secret: false })
    .onConflictDoUpdate({ target: settings.key, set: { value: keep, is_secret: false, updated_at: new Date() } });
}
