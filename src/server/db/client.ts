/**
 * One database, two ways to reach it: PGlite (PostgreSQL compiled to WebAssembly, in this
 * process, data under DATA_DIR) by default, or a PostgreSQL server when DATABASE_URL is set.
 * Both speak the same SQL, run the same migrations and serve the job queue.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
    return openPglite(await PGlite.create(directory, { postgresqlconf: PGLITE_CONF, extensions: PGLITE_EXTENSIONS }));
  }
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  // The server may close an idle connection (a restart, an administrator's command): the pool
  // drops it and opens another when next needed. Unhandled, the pool's 'error' event would
  // end the process.
  pool.on('error', () => {});
  const localWrites = new Set<() => void>();
  pool.on('connect', (client) => reportWrites(client, () => localWrites.forEach((listener) => listener())));
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
    async listen(channel, onMessage) {
      const onLocalWrite = () => onMessage('*');
      localWrites.add(onLocalWrite);
      const stop = await listenOnPostgres(options.databaseUrl!, channel, onMessage);
      return async () => {
        localWrites.delete(onLocalWrite);
        await stop();
      };
    },
    close: () => pool.end(),
  };
}

/** Calls `onWrite` after each statement other than a plain read, COMMIT included. */
function reportWrites(client: pg.PoolClient, onWrite: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (!text || /^\s*select\b/i.test(text)) return query(...args);
    // The pool itself calls with a callback; drizzle's transactions await a promise.
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      return query(...args.slice(0, -1), (...results: unknown[]) => {
        onWrite();
        return callback(...results);
      });
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(onWrite, onWrite);
    return result;
  }) as typeof client.query;
}

/** LISTEN needs a connection of its own, kept open (and reopened) outside the pool. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => {
      if (client !== next || stopped) return;
      client = undefined;
      next.end().catch(() => {});
      setTimeout(() => void reconnect(), 1000).unref();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = async (): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
      onMessage('*');
    } catch {
      setTimeout(() => void reconnect(), 1000).unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
