/**
 * Upgrades: the data folder of the oldest release whose migrations this one still runs
 * opens and migrates, with a backup first, and every order reads; a migration that fails
 * leaves the data as it was and says so.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { extract, list } from 'tar';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { closeContext, createContext } from '../../context.js';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase, openPglite, PGLITE_EXTENSIONS } from '../../db/client.js';
import { MigrationFailedError, migrationState, readMigrations } from '../../db/migrator.js';
import { orders } from '../../db/schema.js';
import { createLogger } from '../../logger.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { createTestApp } from '../../testing/test-app.js';
import { MANIFEST_FILE, type BackupManifest } from './manifest.js';
import { listBackups } from './service.js';
import { upgradeDatabase } from './upgrade.js';

/**
 * Made by running the oldest supported release (bfc45f3, migration 0000_initial): its seed,
 * an artwork, one paid order and one pending one. How: fixtures/README.md.
 */
const OLDEST_FIXTURE = join(import.meta.dirname, 'fixtures', 'oldest-release-0000.tar.br');
const OLDEST_LEVEL = '0000_initial';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true, maxRetries: 5 });
});

describe('the data folder of the oldest supported release', () => {
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'opens, is backed up, migrates to today, and every order reads',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-oldest-'));
      folders.push(dataDir);
      await extract({ file: OLDEST_FIXTURE, cwd: dataDir });
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const log = createLogger(config);
      const database = await openDatabase({ dataDir });

      const before = await migrationState(database.db, migrationsFolder);
      expect(before.level).toBe(OLDEST_LEVEL);
      expect(before.applied).toBe(1);
      // This release still runs every migration after it.
      expect(readMigrations(migrationsFolder)[0]!.tag).toBe(OLDEST_LEVEL);

      const upgrade = await upgradeDatabase({ config, database, log });
      expect(upgrade.from).toBe(OLDEST_LEVEL);
      expect(upgrade.applied).toEqual(before.pending.map((migration) => migration.tag));
      expect(upgrade.applied.at(-1)).toBe(readMigrations(migrationsFolder).at(-1)!.tag);
      const after = await migrationState(database.db, migrationsFolder);
      expect(after.pending).toEqual([]);

      // The backup before the upgrade holds the old release's shop, at its own level.
      const [backup] = await listBackups(config);
      expect(backup).toMatchObject({ kind: 'before-upgrade' });
      expect(upgrade.backup).toBe(join(dataDir, 'backups', backup!.name));
      let manifestText = '';
      await list({
        file: upgrade.backup!,
        filter: (path) => path === MANIFEST_FILE,
        onReadEntry: (entry) => entry.on('data', (chunk: Buffer) => (manifestText += chunk.toString())),
      });
      const manifest = JSON.parse(manifestText) as BackupManifest;
      expect(manifest.migration).toEqual({ level: OLDEST_LEVEL, applied: 1 });
      expect(manifest.counts).toMatchObject({ orders: 2, paid_orders: 1 });

      const context = await createContext(config, log, { database });
      try {
        const app = await buildApp(context);
        await app.ready();
        try {
          await createAccount(context, 'owner@example.com', 'a long enough password', 'admin');
          const cookie = await signInCookie(app, 'owner@example.com', 'a long enough password');
          const rows = await context.db.select().from(orders);
          expect(rows).toHaveLength(2);
          expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
          for (const row of rows) {
            const served = await app.inject({ method: 'GET', url: `/api/orders/${row.id}` });
            expect(served.statusCode, served.body).toBe(200);
            expect(served.json()).toMatchObject({ id: row.id, total_amount: row.total_amount, status: row.status });
            const admin = await app.inject({
              method: 'GET',
              url: `/api/admin/orders/${row.id}`,
              headers: { cookie, origin: SAME_ORIGIN },
            });
            expect(admin.statusCode, admin.body).toBe(200);
            expect(admin.json().order_items.length).toBeGreaterThan(0);
          }
          const listed = await app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie } });
          expect(listed.statusCode, listed.body).toBe(200);
          // The old release's files are served as before.
          const [artwork] = await context.storage.list('artworks/');
          expect((await app.inject({ method: 'GET', url: `/files/${artwork!.key}` })).statusCode).toBe(200);
        } finally {
          await app.close();
        }
      } finally {
        await closeContext(context);
      }
    },
  );
});

describe('a migration that fails', () => {
  it('leaves the data as it was, at its level, and says so', async () => {
    const shop = await createTestApp();
    try {
      const [order] = await shop.context.db
        .insert(orders)
        .values({ customer_email: 'kept@example.com', total_amount: 4_200, currency: 'USD' })
        .returning();
      // Today's migrations, and a broken one after them that first changes things.
      const folder = await mkdtemp(join(tmpdir(), 'wanderer-migrations-'));
      folders.push(folder);
      await cp(migrationsFolder, folder, { recursive: true });
      await writeFile(
        join(folder, '9999_broken.sql'),
        [
          'ALTER TABLE "orders" ADD COLUMN "oops" text;',
          'UPDATE "orders" SET "total_amount" = 0;',
          'SELECT 1 / 0;',
        ].join('\n--> statement-breakpoint\n'),
      );
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8'));
      journal.entries.push({
        idx: journal.entries.length,
        version: '7',
        when: Date.now(),
        tag: '9999_broken',
        breakpoints: true,
      });
      await writeFile(journalPath, JSON.stringify(journal));
      const level = (await migrationState(shop.context.db, migrationsFolder)).level;

      const failure = await upgradeDatabase(
        { config: shop.config, database: shop.context.database, log: shop.context.log },
        { migrationsFolder: folder },
      ).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationFailedError);
      expect((failure as Error).message).toMatch(
        new RegExp(
          `^The upgrade stopped: migration 9999_broken failed \\(.*division by zero.*\\)\\. ` +
            `Nothing was changed: the database is as it was, at migration ${level}\\. ` +
            `A backup made just before is at .*wanderer-before-upgrade-.*\\.tar\\.$`,
        ),
      );

      const [kept] = await shop.context.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(kept!.total_amount).toBe(4_200);
      const { rows } = (await shop.context.db.execute(
        sql`select count(*)::int as columns from information_schema.columns where table_name = 'orders' and column_name = 'oops'`,
      )) as unknown as { rows: Array<{ columns: number }> };
      expect(rows[0]!.columns).toBe(0);
      expect((await migrationState(shop.context.db, folder)).level).toBe(level);
      expect((await listBackups(shop.config)).map((backup) => backup.kind)).toEqual(['before-upgrade']);
    } finally {
      await shop.close();
    }
  });

  it.skipIf(process.env.TEST_DB === 'postgres')('on a new database takes no backup first', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wanderer-new-'));
    folders.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = openPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    try {
      const result = await upgradeDatabase({ config, database, log: createLogger(config) });
      expect(result.from).toBeNull();
      expect(result.applied).toEqual(readMigrations(migrationsFolder).map((migration) => migration.tag));
      expect(result.backup).toBeUndefined();
      expect(await listBackups(config)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
