/** Settings › Backups: what the admin reads and sends, and its words. */
import { z } from 'zod';
import { wholeNumber } from './whole-number.js';

export const BACKUP_KEEP_DEFAULT = 7;
export const BACKUP_KEEP_MAX = 365;

export const backupSettingsSchema = z.object({
  keep: wholeNumber(1, BACKUP_KEEP_MAX, 'Keep between 1 and 365 backups.'),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

export type BackupKind = 'manual' | 'scheduled' | 'before-upgrade';

export interface BackupListItem {
  name: string;
  kind: BackupKind;
  bytes: number;
  created_at: string;
}

export interface BackupsView {
  backups: BackupListItem[];
  keep: number;
  /** Hours between scheduled backups; 0 when the shop makes none (PostgreSQL, or BACKUP_INTERVAL_HOURS=0). */
  interval_hours: number;
  database: 'pglite' | 'postgres';
  running: boolean;
  last_failure: { at: string; message: string } | null;
  /** Why the shop cannot back itself up here (no pg_dump), with what to run instead. */
  unavailable: string | null;
}

export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  manual: 'Made by hand',
  scheduled: 'Scheduled',
  'before-upgrade': 'Before an upgrade',
};

export const BACKUPS_TEXT = {
  title: 'Backups',
  description:
    'One archive holds the whole shop: the database, the photos, artworks and print files, and the site content. The shop keeps serving while it is made.',
  backUpNow: 'Back up now',
  backingUp: 'Backing up…',
  started: 'Backup started',
  keepLabel: 'Backups to keep',
  keepHelp: 'Older archives are deleted after each new backup.',
  save: 'Save',
  saved: 'Backup settings saved',
  empty: 'No backups yet.',
  download: 'Download',
  restoreBefore: 'To restore one: ',
  restoreCommand: 'npm run restore FILE --data-dir NEW_FOLDER',
  restoreAfter: ', then start the shop with DATA_DIR set to that folder.',
  failed: 'The last backup failed',
} as const;

/** “Daily”, “Every 6 hours”, or that none are scheduled. */
export function scheduleLabel(hours: number, database: 'pglite' | 'postgres'): string {
  if (hours <= 0) {
    return database === 'postgres'
      ? 'No scheduled backups: with PostgreSQL, use your database’s own backups (or Back up now).'
      : 'Scheduled backups are off (BACKUP_INTERVAL_HOURS=0).';
  }
  const every = hours === 24 ? 'Daily' : hours % 24 === 0 ? `Every ${hours / 24} days` : `Every ${hours} hours`;
  return `${every}, into DATA_DIR/backups.`;
}
