/** A fresh, migrated database for one test file: a PGlite copy, or a new PostgreSQL database. */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, openPglite, PGLITE_EXTENSIONS, type DatabaseHandle } from '../db/client.js';

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') return createPostgresDatabase();
  const template = await readFile(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]), extensions: PGLITE_EXTENSIONS });
  return openPglite(client);
}

async function createPostgresDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `wanderer_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
