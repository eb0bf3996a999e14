/**
 * One database, two ways to reach it: PGlite (PostgreSQL compiled to WebAssembly, in this
 * process, data under DATA_DIR) by default, or a PostgreSQL server when DATABASE_URL is set.
 * Both speak the same SQL, run the same migrations and serve the job queue.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PGlite,
  types,
  type ParserOptions,
  type QueryOptions,
  type Transaction as PgliteTransaction,
} from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { lockDatabaseFolder } from './database-lock.js';
import { runMigrations } from './migrator.js';
import * as schema from './schema.js';
import type { Database, DatabaseHandle, SqlExecutor, Transaction } from './types.js';

export { DatabaseInUseError } from './database-lock.js';
export type { Database, DatabaseHandle, Schema, SqlExecutor, Transaction } from './types.js';

/**
 * Runs pg-boss's SQL inside one of our transactions (its `db` send option), so that a job
 * is queued if and only if the transaction commits. Its `$n` placeholders become drizzle
 * parameters in the same order, which both drivers accept.
 */
export function transactionExecutor(tx: Transaction): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[Number(match[1]) - 1])}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WebAssembly memory,
 * held for the life of the process. A shop's working set is far smaller, and the data files
 * stay in the operating system's page cache anyway: 16 MB keeps an idle shop ~140 MB leaner
 * than the default (measured: 32 MB → 16 MB saved 20–30 MB resident after start).
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * drizzle reads timestamps, dates, intervals and their arrays (and numeric arrays) as the
 * text PostgreSQL sends, and asks PGlite for that by passing parsers with every query, which
 * PGlite merges into a fresh copy of its whole parser table (some 200 entries) each time: a
 * third of a small select's time (measured, 2,000 selects of three rows: 0.36 ms each, 0.24
 * ms without). So the shop's PGlite reads these types as text itself and drizzle's queries
 * pass no parsers; pg-boss, written for node-postgres, still gets Date objects.
 */
const TYPES_DRIZZLE_READS_AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** Makes `client` read drizzle's text types as text; answers its own parsers for them, for other callers. */
function readDrizzleTypesAsText(client: PGlite): ParserOptions {
  const own = Object.fromEntries(TYPES_DRIZZLE_READS_AS_TEXT.map((oid) => [oid, client.parsers[oid]]));
  for (const oid of TYPES_DRIZZLE_READS_AS_TEXT) client.parsers[oid] = (text) => text;
  return own;
}

/** `client` (or one of its transactions) with the parsers drizzle passes dropped: the client already reads them so. */
function withoutQueryParsers<T extends Pick<PGlite, 'query'>>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(text, params, options && { ...options, parsers: undefined });
      }
      if (key === 'transaction') {
        return (callback: (tx: PgliteTransaction) => Promise<unknown>) =>
          (target as unknown as PGlite).transaction((tx) => callback(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function pgliteExecutor(client: PGlite, parsers?: ParserOptions): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values, { parsers });
      // Without parameters a text may hold several statements, which only exec runs.
      const results = await client.exec(text, { parsers });
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** A database handle on an open PGlite; the handle's queries read times as drizzle does (see above). */
export function openPglite(client: PGlite): DatabaseHandle {
  const ownParsers = readDrizzleTypesAsText(client);
  const db = drizzlePglite({ client: withoutQueryParsers(client), schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    executor: pgliteExecutor(client, ownParsers),
    migrate: async (options) => {
      await runMigrations(db, options?.migrationsFolder ?? migrationsFolder);
    },
    // Plain queries wait for a transaction (PGlite runs one thing at a time); the dump waits
    // for the transaction's own query in flight, then holds every other one off.
    snapshot: (read) =>
      client.transaction(async (tx) => {
        const result = await read(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
        return { tarball: await client.dumpDataDir('none'), read: result };
      }),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: () => client.close(),
  };
}

/** Extensions the migrations create; every PGlite the shop or its tests open loads them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (!options.databaseUrl) {
    const directory = join(options.dataDir, 'db');
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const release = lockDatabaseFolder(directory);
    try {
      const handle = openPglite(
        await PGlite.create(directory, { postgresqlconf: PGLITE_CONF, extensions: PGLITE_EXTENSIONS }),
      );
      return { ...handle, close: () => handle.close().finally(release) };
    } catch (error) {
      await release();
      throw error;
    }
  }
  const { openPostgres } = await import('./postgres.js');
  return openPostgres(options.databaseUrl, migrationsFolder);
}
