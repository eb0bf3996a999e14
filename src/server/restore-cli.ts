/**
 * `npm run restore FILE [--data-dir DIR]`: makes the shop again from a backup archive, into
 * an empty data folder (DIR, or DATA_DIR), and into the configured S3 bucket or PostgreSQL
 * database when the environment names them (both must be empty). Then start the shop as
 * usual, with DATA_DIR set to the folder.
 */
import 'dotenv/config';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { createStorage } from './infra/storage/index.js';
import { BackupError, restoreBackup } from './modules/backups/index.js';

const USAGE = 'Usage: npm run restore FILE [--data-dir DIR]   (DIR must be empty or new; DATA_DIR by default)';

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.positionals.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const dataDir = parsed.values['data-dir'];
  const config = loadConfig(dataDir ? { ...process.env, DATA_DIR: dataDir } : process.env);
  // Made ready by the restore, once it has found the folder empty.
  const storage = await createStorage(config);
  const manifest = await restoreBackup({ archive: resolve(parsed.positionals[0]!), config, storage });
  const { counts } = manifest;
  console.log(
    `Restored the backup of ${manifest.created_at} (release ${manifest.version}, migration ${manifest.migration.level ?? '(none)'}) ` +
      `into ${config.dataDir}${storage.kind === 's3' ? ` and the bucket ${config.s3!.bucket}` : ''}: ` +
      `${counts.orders} orders, ${counts.photos} photos, ${counts.artworks} artworks, ${counts.files} files, every checksum matching.\n` +
      `Start the shop with DATA_DIR=${config.dataDir} npm start.`,
  );
}

main().catch((error) => {
  const explained = error instanceof BackupError || error instanceof ConfigError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
