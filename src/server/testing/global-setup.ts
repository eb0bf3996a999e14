/**
 * Makes one migrated PGlite database (with the job queue's schema) and saves it, so each
 * integration test file starts from a copy in about a second instead of running initdb.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { openPglite, PGLITE_EXTENSIONS } from '../db/client.js';

export default async function setup(project: TestProject) {
  const directory = await mkdtemp(join(tmpdir(), 'wanderer-template-'));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const handle = openPglite(client);
  await handle.migrate();
  const boss = new PgBoss({ db: handle.executor, schema: 'pgboss' });
  await boss.start();
  await boss.stop({ graceful: false });
  const dump = await client.dumpDataDir('none');
  const path = join(directory, 'template.tar');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', path);
  return async () => rm(directory, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
