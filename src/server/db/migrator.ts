/**
 * The shop's migrations, run as drizzle runs them (the same `drizzle.__drizzle_migrations`
 * table, hashes and times, so a database migrated by an earlier release carries on) but
 * saying which migration failed. Every pending migration runs in one transaction: a failure
 * rolls all of them back and leaves the database at the level it had.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './types.js';

export interface Migration {
  tag: string;
  folderMillis: number;
  hash: string;
  sql: string[];
}

export interface MigrationState {
  /** The last migration applied (its tag, as `0011_gallery_consent`), or null for a new database. */
  level: string | null;
  applied: number;
  pending: Migration[];
}

/** The migrations in `folder`, oldest first, each with the tag its journal gives it. */
export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const tags = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  return readMigrationFiles({ migrationsFolder: folder }).map((migration) => ({
    tag: tags.get(migration.folderMillis) ?? String(migration.folderMillis),
    folderMillis: migration.folderMillis,
    hash: migration.hash,
    sql: migration.sql,
  }));
}

type Rows<T> = { rows: T[] };

export async function migrationState(db: Database, folder: string): Promise<MigrationState> {
  const migrations = readMigrations(folder);
  const { rows: exists } = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as Rows<{ present: boolean }>;
  if (!exists[0]?.present) return { level: null, applied: 0, pending: migrations };
  const { rows } = (await db.execute(
    sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )) as unknown as Rows<{ applied: number; last: string | null }>;
  const last = rows[0]?.last == null ? null : Number(rows[0].last);
  const pending = migrations.filter((migration) => last === null || migration.folderMillis > last);
  const level =
    last === null ? null : (migrations.findLast((migration) => migration.folderMillis <= last)?.tag ?? String(last));
  return { level, applied: rows[0]?.applied ?? 0, pending };
}

/** The database's own words: drizzle wraps them in a "Failed query: …" error of its own. */
function databaseMessage(error: unknown): string {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return inner instanceof Error ? inner.message : String(inner);
}

export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    readonly level: string | null,
    cause: unknown,
  ) {
    super(
      `The upgrade stopped: migration ${migration} failed (${databaseMessage(cause)}). ` +
        `Nothing was changed: the database is as it was, at migration ${level ?? '(none)'}.`,
      { cause },
    );
  }
}

/** Applies the pending migrations in one transaction; throws MigrationFailedError, having changed nothing, if one fails. */
export async function runMigrations(db: Database, folder: string): Promise<MigrationState> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const state = await migrationState(db, folder);
  if (state.pending.length === 0) return state;
  let current: Migration | undefined;
  try {
    await db.transaction(async (tx) => {
      for (const migration of state.pending) {
        current = migration;
        for (const statement of migration.sql) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
        );
      }
    });
  } catch (error) {
    throw new MigrationFailedError(current?.tag ?? '(unknown)', state.level, error);
  }
  return migrationState(db, folder);
}
