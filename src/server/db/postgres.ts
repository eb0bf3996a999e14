/**
 * The database on a PostgreSQL server (DATABASE_URL): a pool of connections, and one more
 * for LISTEN. Loaded only by a shop that uses one, so the embedded database's start never
 * pays for the driver.
 */
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, DatabaseHandle } from './types.js';
import { runMigrations } from './migrator.js';
import * as schema from './schema.js';

/** Any fixed number: held while migrating so two processes never migrate at once. */
const MIGRATION_LOCK = 727_274_001;

export function openPostgres(databaseUrl: string, migrationsFolder: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
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
    connectionString: databaseUrl,
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    async migrate(options) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await runMigrations(
          drizzlePostgres(client, { schema }) as unknown as Database,
          options?.migrationsFolder ?? migrationsFolder,
        );
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async listen(channel, onMessage) {
      const onLocalWrite = () => onMessage('*');
      localWrites.add(onLocalWrite);
      const stop = await listenOnPostgres(databaseUrl, channel, onMessage);
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
