/**
 * `npm run backup [FILE]`: writes one archive of the whole shop (database, stored files,
 * manifest) to FILE, or into DATA_DIR/backups. On PostgreSQL it runs beside the shop. The
 * embedded database is open in one process only: while the shop runs, the command asks the
 * shop (on this machine, with a key derived from the app secret) to write the archive.
 */
import 'dotenv/config';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseInUseError, openDatabase } from './db/client.js';
import { createStorage } from './infra/storage/index.js';
import {
  BackupError,
  createBackup,
  LOCAL_BACKUP_ROUTE,
  localBackupToken,
  type BackupManifest,
} from './modules/backups/index.js';

const USAGE = 'Usage: npm run backup [FILE]   (FILE defaults to a new archive in DATA_DIR/backups)';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const file = args[0] ? resolve(args[0]) : undefined;
  const started = Date.now();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    const { path, manifest } = await askRunningShop(config, file);
    return report(path, manifest, started);
  }
  try {
    // A data folder of an earlier release is backed up as it is: no migration here.
    const storage = await createStorage(config);
    await storage.ready();
    const { path, manifest } = await createBackup({ config, database, storage }, { kind: 'manual', file });
    report(path, manifest, started);
  } finally {
    await database.close();
  }
}

function report(path: string, manifest: Pick<BackupManifest, 'counts' | 'migration'>, started: number): void {
  const { counts } = manifest;
  console.log(
    `Backup written to ${path} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${counts.orders} orders, ${counts.photos} photos, ${counts.artworks} artworks, ${counts.files} files ` +
      `(database at migration ${manifest.migration.level ?? '(none)'}).`,
  );
}

async function askRunningShop(
  config: ReturnType<typeof loadConfig>,
  file: string | undefined,
): Promise<{ path: string; manifest: Pick<BackupManifest, 'counts' | 'migration'> }> {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}${LOCAL_BACKUP_ROUTE}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${await localBackupToken(config)}`, 'content-type': 'application/json' },
      body: JSON.stringify(file ? { file } : {}),
    });
  } catch {
    throw new BackupError(
      `The embedded database in ${config.dataDir} is open in another process, and no shop answers at ${url}. ` +
        'Back up from the admin (Settings › Backups › Back up now), or stop that process and run npm run backup again.',
    );
  }
  const body = (await response.json().catch(() => ({}))) as {
    error?: string;
    path?: string;
    manifest?: BackupManifest;
  };
  if (!response.ok || !body.path || !body.manifest) {
    throw new BackupError(`The running shop did not make the backup: ${body.error ?? `HTTP ${response.status}`}`);
  }
  return { path: body.path, manifest: body.manifest };
}

main().catch((error) => {
  const explained = error instanceof BackupError || error instanceof ConfigError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
