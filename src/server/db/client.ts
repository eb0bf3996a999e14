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
import { lock } from 'proper-lockfile';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What pg-boss needs to run its SQL on our connection (its `db` option). */
export interface SqlExecutor {
  // pg-boss declares its rows as any[]; this is its interface, not ours.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

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

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  executor: SqlExecutor;
  /** Set for PostgreSQL: pg-boss opens its own pool there. */
  connectionString?: string;
  migrate(): Promise<void>;
  /**
   * Calls `onMessage` with each NOTIFY payload sent on `channel`, by this process or any
   * other on the same database, until the returned function is called. It also calls
   * `onMessage('*')` whenever a payload may have been missed or may not have arrived yet:
   * after a lost connection, and on PostgreSQL after each of this process's own writes
   * (whose notification travels through the server, so this process's next read never
   * waits for it). PGlite delivers notifications before the writing query returns.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
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
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: () => client.close(),
  };
}

/** Extensions the migrations create; every PGlite the shop or its tests open loads them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * How long a lock on the embedded database outlives its process. The lock's time is renewed
 * every half of it while the database is open; a process killed outright leaves a lock that
 * the next start takes over once it is this old.
 */
const STALE_LOCK_MS = 4_000;
const LOCK_RETRY_MS = 500;

export class DatabaseInUseError extends Error {
  constructor(directory: string) {
    super(
      `The database in ${directory} is open in another process (a running shop, or npm run admin). ` +
        'Stop that process first: two processes writing one embedded database would corrupt it.',
    );
  }
}

/**
 * One process at a time opens an embedded database: PGlite has no server to share it, and
 * two processes writing its files corrupt it. Answers the release.
 */
async function lockDatabaseFolder(directory: string): Promise<() => Promise<void>> {
  try {
    return await lock(directory, {
      stale: STALE_LOCK_MS,
      // Long enough for the lock of a process killed outright to go stale.
      retries: { retries: (STALE_LOCK_MS * 2) / LOCK_RETRY_MS, factor: 1, minTimeout: LOCK_RETRY_MS },
      onCompromised: (error) => {
        // Another process took the database over: writing on would corrupt it.
        console.error(`The lock on ${directory} was lost (${error.message}); stopping.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DatabaseInUseError(directory);
    throw error;
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (!options.databaseUrl) {
    const directory = join(options.dataDir, 'db');
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const release = await lockDatabaseFolder(directory);
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
