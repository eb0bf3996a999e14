/**
 * Upgrades: a release with new migrations first backs the shop up (when its database holds
 * a shop already), then migrates in one transaction. A failed migration changes nothing,
 * and the error says so, with where the backup is.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { migrationsFolder as shopMigrations, type DatabaseHandle } from '../../db/client.js';
import { MigrationFailedError, migrationState } from '../../db/migrator.js';
import { createStorage } from '../../infra/storage/index.js';
import { BackupError, PG_DUMP_MISSING } from './database-dump.js';
import { createBackup } from './service.js';

export interface UpgradeResult {
  from: string | null;
  applied: string[];
  backup?: string;
}

export async function upgradeDatabase(
  deps: { config: Config; database: DatabaseHandle; log: FastifyBaseLogger },
  options: { migrationsFolder?: string } = {},
): Promise<UpgradeResult> {
  const folder = options.migrationsFolder ?? shopMigrations;
  const state = await migrationState(deps.database.db, folder);
  if (state.pending.length === 0) return { from: state.level, applied: [] };
  const applied = state.pending.map((migration) => migration.tag);
  let backup: string | undefined;
  if (state.applied > 0) {
    const storage = await createStorage(deps.config);
    await storage.ready();
    try {
      backup = (await createBackup({ ...deps, storage }, { kind: 'before-upgrade' })).path;
      deps.log.info({ backup, from: state.level, migrations: applied }, 'backed up before upgrading the database');
    } catch (error) {
      // The migrations still run in one transaction; the owner is told what was not done.
      if (!(error instanceof BackupError && error.message === PG_DUMP_MISSING)) {
        throw new BackupError(`The upgrade did not start: the backup before it failed (${(error as Error).message}).`);
      }
      deps.log.warn(`No backup before the upgrade: ${PG_DUMP_MISSING}`);
    }
  }
  try {
    await deps.database.migrate({ migrationsFolder: folder });
  } catch (error) {
    if (error instanceof MigrationFailedError && backup) error.message += ` A backup made just before is at ${backup}.`;
    throw error;
  }
  return { from: state.level, applied, backup };
}
