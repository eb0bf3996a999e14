/**
 * A consistent copy of the database while the shop runs, and its way back:
 * - the embedded default (PGlite): PGlite's own dump of its data folder, made while no other
 *   query runs (DatabaseHandle.snapshot), restored by PGlite itself (`loadDataDir`);
 * - PostgreSQL: `pg_dump --format=custom` on a snapshot exported by a repeatable-read
 *   transaction, in which the manifest's counts are read too; restored with `pg_restore`.
 */
import { execFile } from 'node:child_process';
import { access, constants, readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS, type DatabaseHandle } from '../../db/client.js';

const run = promisify(execFile);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export class BackupError extends Error {}

export type ReadQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

/** The path of `name` on the PATH, or undefined. */
export async function findBinary(name: string): Promise<string | undefined> {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (!folder) continue;
    const path = join(folder, name);
    if (
      await access(path, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return undefined;
}

export const PG_DUMP_MISSING =
  'pg_dump was not found on this machine, so the shop cannot back up its PostgreSQL database itself. ' +
  "Install PostgreSQL's client tools of your server's version (Debian and Ubuntu: apt-get install postgresql-client), " +
  'or back the database up yourself with: pg_dump --format=custom --file wanderer.dump "$DATABASE_URL" ' +
  '(and keep a copy of your storage: DATA_DIR/storage or your S3 bucket).';

export const PG_RESTORE_MISSING =
  "pg_restore was not found on this machine. Install PostgreSQL's client tools (apt-get install postgresql-client), " +
  'or restore the database yourself from database/postgres.dump in the archive: ' +
  'pg_restore --no-owner --no-privileges --exit-on-error --dbname "$DATABASE_URL" postgres.dump';

/** The connection string without its password, and the password for PGPASSWORD: never on a command line. */
function connectionParts(connectionString: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/**
 * Writes the database to `target` (gzip-compressed PGlite data folder, or pg_dump's custom
 * format) and answers what `read` found in the very same state of the database.
 */
export async function dumpDatabase<T>(
  database: DatabaseHandle,
  target: string,
  read: (query: ReadQuery) => Promise<T>,
): Promise<T> {
  if (database.snapshot) {
    const { tarball, read: result } = await database.snapshot(read);
    // Compressed off the event loop (zlib works in libuv's thread pool).
    await writeFile(target, await gzipAsync(Buffer.from(await tarball.arrayBuffer())), { mode: 0o600 });
    return result;
  }
  if (!database.connectionString)
    throw new BackupError('This database cannot be backed up: it has no connection string.');
  const pgDump = await findBinary('pg_dump');
  if (!pgDump) throw new BackupError(PG_DUMP_MISSING);
  const client = new pg.Client({ connectionString: database.connectionString });
  // A connection cut while idle (the server restarting) fails the next query, not the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const result = await read(async (text) => (await client.query(text)).rows as Array<Record<string, unknown>>);
    const { url, env } = connectionParts(database.connectionString);
    try {
      await run(pgDump, ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, '--file', target, '--dbname', url], {
        env,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim();
      throw new BackupError(`pg_dump failed: ${stderr || (error as Error).message}`);
    }
    await client.query('commit');
    return result;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Makes an embedded database in `directory` (which holds none yet) from a PGlite dump. */
export async function restorePglite(dump: string, directory: string): Promise<void> {
  const tarball = await gunzipAsync(await readFile(dump));
  const client = await PGlite.create(directory, {
    loadDataDir: new Blob([new Uint8Array(tarball)]),
    extensions: PGLITE_EXTENSIONS,
  });
  await client.close();
}

/** Whether the PostgreSQL database holds any table of its own (a restore needs an empty one). */
export async function postgresIsEmpty(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.tables === 0;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function restorePostgres(dump: string, connectionString: string): Promise<void> {
  const pgRestore = await findBinary('pg_restore');
  if (!pgRestore) throw new BackupError(PG_RESTORE_MISSING);
  const { url, env } = connectionParts(connectionString);
  try {
    await run(
      pgRestore,
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', url, dump],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`pg_restore failed: ${stderr || (error as Error).message}`);
  }
}
