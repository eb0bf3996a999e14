/**
 * `npm run restore FILE [--data-dir DIR]`: makes a shop again from one archive, into an
 * empty data folder (and, with S3 storage, an empty bucket; with DATABASE_URL, an empty
 * database). Every entry is checked against the manifest's checksum before anything is
 * written where the shop will look; the shop then starts as usual, migrating an archive made
 * by an earlier release.
 */
import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { extract } from 'tar';
import type { Config } from '../../config.js';
import { STORAGE_PREFIXES, type Storage } from '../../infra/storage/index.js';
import { BackupError, postgresIsEmpty, restorePglite, restorePostgres } from './database-dump.js';
import {
  ARCHIVE_FORMAT,
  DATA_FOLDER,
  MANIFEST_FILE,
  sha256File,
  STORED_FILES_FOLDER,
  type BackupManifest,
} from './manifest.js';

export interface RestoreOptions {
  archive: string;
  /** The shop's configuration, with DATA_DIR the folder to restore into. */
  config: Config;
  /** The storage to fill: the configured S3 bucket, or local files in DATA_DIR/storage. */
  storage: Storage;
}

async function isEmptyFolder(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('This file is not a Wanderer backup: it holds no readable manifest.json.');
  }
  if (manifest.app !== 'wanderer' || !Array.isArray(manifest.entries)) {
    throw new BackupError('This file is not a Wanderer backup: its manifest is not one.');
  }
  if (manifest.format > ARCHIVE_FORMAT) {
    throw new BackupError(
      `This backup was written by a newer release (${manifest.version}, archive format ${manifest.format}); restore it with that release or a later one.`,
    );
  }
  return manifest;
}

/** Every entry present, of its size and checksum; throws naming the first that is not. */
async function verify(folder: string, manifest: BackupManifest): Promise<void> {
  for (const entry of manifest.entries) {
    const path = join(folder, ...entry.path.split('/'));
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile())
      throw new BackupError(`The archive is damaged: ${entry.path} is missing. Nothing was restored.`);
    if (info.size !== entry.bytes || (await sha256File(path)) !== entry.sha256) {
      throw new BackupError(`The archive is damaged: ${entry.path} does not match its checksum. Nothing was restored.`);
    }
  }
}

async function bucketIsEmpty(storage: Storage): Promise<boolean> {
  for (const prefix of STORAGE_PREFIXES) if ((await storage.list(prefix)).length > 0) return false;
  return true;
}

/** A restore of thousands of files into a bucket should not fail on one dropped connection. */
async function withRetries(put: () => Promise<void>, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await put();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { config, storage } = options;
  const target = config.dataDir;
  if (
    !(await stat(options.archive).then(
      (info) => info.isFile(),
      () => false,
    ))
  ) {
    throw new BackupError(`${options.archive}: no such backup file.`);
  }
  if (!(await isEmptyFolder(target))) {
    throw new BackupError(
      `${target} is not empty. Restore into an empty or new folder (--data-dir DIR), then start the shop with DATA_DIR set to it.`,
    );
  }
  await mkdir(target, { recursive: true, mode: 0o700 });
  // Unpacked inside the target, so that moving the files into place is a rename.
  const work = join(target, '.restoring');
  let placed = false;
  try {
    await mkdir(work, { mode: 0o700 });
    try {
      await extract({ file: options.archive, cwd: work, strict: true });
    } catch (error) {
      throw new BackupError(`The archive cannot be read (${(error as Error).message}). Nothing was restored.`);
    }
    const manifest = await readManifest(work);
    await verify(work, manifest);

    const dump = join(work, ...manifest.database.path.split('/'));
    if (manifest.database.kind === 'pglite') {
      if (config.databaseUrl) {
        throw new BackupError(
          'This backup holds the embedded database: unset DATABASE_URL to restore it into the data folder.',
        );
      }
    } else {
      if (!config.databaseUrl) {
        throw new BackupError(
          'This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
        );
      }
      if (!(await postgresIsEmpty(config.databaseUrl))) {
        throw new BackupError('The database at DATABASE_URL is not empty: restore into a new, empty database.');
      }
    }
    // Only now: local storage makes its folder, which would have made the target not empty.
    await storage.ready();
    if (storage.kind === 's3' && !(await bucketIsEmpty(storage))) {
      throw new BackupError('The S3 bucket already holds files of a shop: restore into an empty bucket.');
    }

    placed = true;
    if (manifest.database.kind === 'pglite') await restorePglite(dump, join(target, 'db'));
    else await restorePostgres(dump, config.databaseUrl!);

    const stored = manifest.entries.filter((entry) => entry.path.startsWith(`${STORED_FILES_FOLDER}/`));
    for (const entry of stored) {
      const key = entry.path.slice(STORED_FILES_FOLDER.length + 1);
      const source = join(work, ...entry.path.split('/'));
      if (storage.kind === 's3') {
        await withRetries(() =>
          storage.put(key, { path: source }, { contentType: entry.content_type ?? 'application/octet-stream' }),
        );
      } else {
        const destination = join(target, 'storage', ...key.split('/'));
        await mkdir(dirname(destination), { recursive: true, mode: 0o700 });
        await rename(source, destination);
        await chmod(destination, 0o600);
      }
    }
    const data = join(work, DATA_FOLDER);
    if (
      await stat(data).then(
        () => true,
        () => false,
      )
    )
      await cp(data, target, { recursive: true });
    return manifest;
  } catch (error) {
    // Nothing half-written: the folder goes back to empty (the bucket and database were
    // checked empty, and are filled last).
    if (placed) {
      for (const name of await readdir(target).catch(() => [] as string[])) {
        await rm(join(target, name), { recursive: true, force: true });
      }
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true, maxRetries: 3 });
  }
}
