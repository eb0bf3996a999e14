export { adminBackupRoutes, scheduledIntervalHours } from './routes.js';
export { BackupError, PG_DUMP_MISSING } from './database-dump.js';
export { type BackupManifest } from './manifest.js';
export { restoreBackup } from './restore.js';
export { backUpAndPrune, startBackupSchedule } from './schedule.js';
export { backupsDirectory, createBackup, listBackups, pruneBackups } from './service.js';
export { upgradeDatabase } from './upgrade.js';
export { LOCAL_BACKUP_ROUTE, localBackupRoutes, localBackupToken } from './local-request.js';
