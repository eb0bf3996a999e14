/**
 * Backups of the whole shop while it runs: one tar archive holding a consistent copy of the
 * database, every stored object, the app secret and the outbox, described by a manifest.
 * Archives made by the shop live in DATA_DIR/backups (readable by the shop's user only); the
 * newest N are kept.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, copyFile, cp, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import type { Config } from '../../config.js';
import { migrationsFolder, type DatabaseHandle } from '../../db/client.js';
import { readMigrations } from '../../db/migrator.js';
import { APP_SECRET_FILE } from '../../infra/secrets/app-secret.js';
import { LocalStorage, STORAGE_PREFIXES, StorageError, type Storage } from '../../infra/storage/index.js';
import { outboxDirectory } from '../email/index.js';
import { BackupError, dumpDatabase, type ReadQuery } from './database-dump.js';
import {
  appVersion,
  ARCHIVE_FORMAT,
  DATA_FOLDER,
  DATABASE_FOLDER,
  MANIFEST_FILE,
  sha256File,
  sniffContentType,
  STORED_FILES_FOLDER,
  type ArchiveEntry,
  type BackupCounts,
  type BackupKind,
  type BackupManifest,
} from './manifest.js';

export interface BackupDeps {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
}

export interface BackupFile {
  name: string;
  kind: BackupKind;
  bytes: number;
  created_at: Date;
}

const ARCHIVE_NAME = /^wanderer-(manual|scheduled|before-upgrade)-\d{8}-\d{9}-[0-9a-f]{6}\.tar$/;

export function backupsDirectory(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'backups');
}

/** `wanderer-scheduled-20261127-163000123-1a2b3c.tar`: says what made it, and when (to the ms, UTC). */
export function archiveName(kind: BackupKind, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18);
  return `wanderer-${kind}-${stamp}-${randomBytes(3).toString('hex')}.tar`;
}

export function isArchiveName(name: string): boolean {
  return ARCHIVE_NAME.test(name);
}

/** One backup at a time per data folder: a second would only double the load. */
const running = new Map<string, Promise<unknown>>();

export class BackupInProgressError extends BackupError {
  constructor() {
    super('A backup is already being made; wait for it to finish.');
  }
}

export function backupRunning(config: Pick<Config, 'dataDir'>): boolean {
  return running.has(config.dataDir);
}

/** Settles when the backup under way (if any) has finished, whether it succeeded or not. */
export async function backupSettled(config: Pick<Config, 'dataDir'>): Promise<void> {
  await running.get(config.dataDir)?.catch(() => {});
}

export interface BackupResult {
  path: string;
  manifest: BackupManifest;
}

/**
 * Writes one archive: to `file` when given, else into DATA_DIR/backups. The shop keeps
 * serving: the database is held only while its copy is taken, the files are copied as
 * they are (each written whole, by a rename, so never half).
 */
export async function createBackup(
  deps: BackupDeps,
  options: { kind?: BackupKind; file?: string } = {},
): Promise<BackupResult> {
  const key = deps.config.dataDir;
  if (running.has(key)) throw new BackupInProgressError();
  const work = writeBackup(deps, options.kind ?? 'manual', options.file);
  running.set(key, work);
  try {
    return await work;
  } finally {
    running.delete(key);
  }
}

async function writeBackup(deps: BackupDeps, kind: BackupKind, file: string | undefined): Promise<BackupResult> {
  const folder = backupsDirectory(deps.config);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const name = archiveName(kind);
  const target = file ?? join(folder, name);
  // Beside the stored files, so that they are linked rather than copied.
  const staging = join(folder, `.partial-${name}`);
  const partial = `${target}.partial`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    await mkdir(join(staging, DATABASE_FOLDER));
    const databasePath = `${DATABASE_FOLDER}/${deps.database.kind === 'pglite' ? 'pglite.tar.gz' : 'postgres.dump'}`;
    const { counts, migration } = await dumpDatabase(deps.database, join(staging, databasePath), readShopState);
    const files = await stageStoredFiles(deps.storage, join(staging, STORED_FILES_FOLDER));
    await stageDataFiles(deps.config, join(staging, DATA_FOLDER));

    const entries = await describeEntries(staging, files);
    const stored = entries.filter((entry) => entry.path.startsWith(`${STORED_FILES_FOLDER}/`));
    const manifest: BackupManifest = {
      app: 'wanderer',
      format: ARCHIVE_FORMAT,
      version: appVersion(),
      kind,
      created_at: new Date().toISOString(),
      migration,
      database: { kind: deps.database.kind, path: databasePath },
      storage: deps.storage.kind,
      counts: {
        ...counts,
        files: stored.length,
        file_bytes: stored.reduce((sum, entry) => sum + entry.bytes, 0),
      },
      entries,
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const folders = [DATABASE_FOLDER, STORED_FILES_FOLDER, DATA_FOLDER];
    await createTar({ file: partial, cwd: staging, portable: true }, [MANIFEST_FILE, ...folders]);
    await chmod(partial, 0o600);
    await rename(partial, target);
    return { path: target, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The counts and the migration level, read in the same state of the database as its copy. */
async function readShopState(query: ReadQuery) {
  const [row] = await query(
    `select (select count(*) from orders)::int as orders,
            (select count(*) from orders where paid_at is not null)::int as paid_orders,
            (select coalesce(sum(total_amount), 0) from orders)::text as order_total_cents,
            (select count(*) from images)::int as photos,
            (select count(*) from image_transformations)::int as artworks,
            (select count(*) from drizzle.__drizzle_migrations)::int as applied,
            (select max(created_at) from drizzle.__drizzle_migrations)::text as last_migration`,
  );
  const last = row?.last_migration == null ? null : Number(row.last_migration);
  const level =
    last === null
      ? null
      : (readMigrations(migrationsFolder).findLast((m) => m.folderMillis <= last)?.tag ?? String(last));
  const counts: Omit<BackupCounts, 'files' | 'file_bytes'> = {
    orders: Number(row?.orders ?? 0),
    paid_orders: Number(row?.paid_orders ?? 0),
    order_total_cents: Number(row?.order_total_cents ?? 0),
    photos: Number(row?.photos ?? 0),
    artworks: Number(row?.artworks ?? 0),
  };
  return { counts, migration: { level, applied: Number(row?.applied ?? 0) } };
}

/** Copies every stored object under `into` (hard links for local storage); answers their keys' content types. */
async function stageStoredFiles(storage: Storage, into: string): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  await mkdir(into, { recursive: true });
  for (const prefix of STORAGE_PREFIXES) {
    for (const object of await storage.list(prefix)) {
      const target = join(into, ...object.key.split('/'));
      await mkdir(dirname(target), { recursive: true });
      try {
        if (storage instanceof LocalStorage) await linkOrCopy(storage.pathOf(object.key), target);
        else await pipeline(await storage.stream(object.key), createWriteStream(target, { mode: 0o600 }));
      } catch (error) {
        // Deleted since it was listed (a cleanup): it is no longer part of the shop.
        if (isGone(error)) continue;
        throw error;
      }
      types.set(`${STORED_FILES_FOLDER}/${object.key}`, await sniffContentType(target));
    }
  }
  return types;
}

function isGone(error: unknown): boolean {
  return (
    (error as NodeJS.ErrnoException).code === 'ENOENT' || (error instanceof StorageError && error.code === 'not_found')
  );
}

async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
    await copyFile(source, target);
  }
}

/** The app secret (when kept in DATA_DIR) and the outbox of the embedded e-mail default. */
async function stageDataFiles(config: Config, into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  const secret = join(config.dataDir, APP_SECRET_FILE);
  await copyFile(secret, join(into, APP_SECRET_FILE)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  const outbox = outboxDirectory(config);
  if (
    await stat(outbox).then(
      (info) => info.isDirectory(),
      () => false,
    )
  ) {
    await cp(outbox, join(into, relative(config.dataDir, outbox)), {
      recursive: true,
      filter: (path) => !path.endsWith('.partial'),
    });
  }
}

async function describeEntries(staging: string, contentTypes: Map<string, string>): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  for (const folder of [DATABASE_FOLDER, STORED_FILES_FOLDER, DATA_FOLDER]) {
    const found = await readdir(join(staging, folder), { recursive: true, withFileTypes: true });
    for (const item of found) {
      if (!item.isFile()) continue;
      const full = join(item.parentPath, item.name);
      const path = relative(staging, full).split(sep).join('/');
      const entry: ArchiveEntry = { path, bytes: (await stat(full)).size, sha256: await sha256File(full) };
      const type = contentTypes.get(path);
      if (type) entry.content_type = type;
      entries.push(entry);
    }
  }
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

/** The archives in DATA_DIR/backups, newest first. */
export async function listBackups(config: Pick<Config, 'dataDir'>): Promise<BackupFile[]> {
  const folder = backupsDirectory(config);
  const names = await readdir(folder).catch(() => [] as string[]);
  const files: BackupFile[] = [];
  for (const name of names) {
    const match = ARCHIVE_NAME.exec(name);
    if (!match) continue;
    const info = await stat(join(folder, name)).catch(() => undefined);
    if (info?.isFile()) files.push({ name, kind: match[1] as BackupKind, bytes: info.size, created_at: info.mtime });
  }
  // Newest first by the time in the name: a file's time can be changed by copying it.
  return files.sort((a, b) => stampOf(b.name).localeCompare(stampOf(a.name)));
}

const stampOf = (name: string) => name.replace(/^wanderer-[a-z-]+?-(\d{8}-\d{9})-.*$/, '$1');

/** Deletes all but the newest `keep` archives; answers the names deleted. */
export async function pruneBackups(config: Pick<Config, 'dataDir'>, keep: number): Promise<string[]> {
  const old = (await listBackups(config)).slice(Math.max(1, keep));
  for (const file of old) await rm(join(backupsDirectory(config), file.name), { force: true });
  return old.map((file) => file.name);
}

/** The path of an archive in DATA_DIR/backups, or undefined for a name that is not one. */
export function archivePath(config: Pick<Config, 'dataDir'>, name: string): string | undefined {
  return isArchiveName(name) ? join(backupsDirectory(config), name) : undefined;
}
