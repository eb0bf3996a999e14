/**
 * One database, two ways to reach it: PGlite (PostgreSQL compiled to WebAssembly, in this
 * process, data under DATA_DIR) by default, or a PostgreSQL server when DATABASE_URL is set.
 * Both speak the same SQL, run the same migrations and serve the job queue.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** What pg-boss needs to run its SQL on our connection (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  executor: SqlExecutor;
  /** Set for PostgreSQL: pg-boss opens its own pool there. */
  connectionString?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WebAssembly memory,
 * held for the life of the process. A shop's working set is far smaller, and the data files
 * stay in the operating system's page cache anyway: 32 MB keeps an idle shop ~120 MB leaner.
 */
const PGLITE_CONF = ['shared_buffers = 32MB'];
/** Any fixed number: held while migrating so two processes never migrate at once. */
const MIGRATION_LOCK = 727_274_001;

export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // Without parameters a text may hold several statements, which only exec runs.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    executor: pgliteExecutor(client),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (!options.databaseUrl) {
    const directory = join(options.dataDir, 'db');
    mkdirSync(directory, { recursive: true });
    return openPglite(await PGlite.create(directory, { postgresqlconf: PGLITE_CONF }));
  }
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    connectionString: options.databaseUrl,
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
