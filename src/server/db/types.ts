/**
 * The database's types, apart from the code that opens it, so the PGlite and PostgreSQL
 * openers and the migrator can name them without importing one another.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What pg-boss needs to run its SQL on our connection (its `db` option). */
export interface SqlExecutor {
  // pg-boss declares its rows as any[]; this is its interface, not ours.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  executor: SqlExecutor;
  /** Set for PostgreSQL: pg-boss opens its own pool there. */
  connectionString?: string;
  /**
   * Applies the pending migrations, all in one transaction (see migrator.ts): a failure
   * throws MigrationFailedError having changed nothing. `migrationsFolder` is for tests.
   */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  /**
   * PGlite only: runs `read` and dumps the data folder (PGlite's own `dumpDataDir`, a tar)
   * with no other query between them, so what `read` saw is what the dump holds. Queries
   * wait while the dump is made.
   */
  snapshot?<T>(read: (query: (text: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>): Promise<{
    tarball: Blob;
    read: T;
  }>;
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
