/**
 * A shop with orders, photos and artworks is backed up while checkouts keep coming; the
 * archive, restored into a new folder, starts and serves the same orders and files, and a
 * paid order's confirmation is not sent again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { closeContext, createContext } from '../../context.js';
import { email_messages, orders } from '../../db/schema.js';
import { createStorage, LocalStorage } from '../../infra/storage/index.js';
import { createLogger } from '../../logger.js';
import { createJobHandlers, recoverStrandedWork } from '../../job-wiring.js';
import { insertArtwork } from '../../testing/fixtures.js';
import { checkoutBody, createArtwork, sellableProducts, type SellableProduct } from '../../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { sendOrderConfirmation } from '../email/index.js';
import { CONFIRMATION_KIND } from '../email/service.js';
import { PG_DUMP_MISSING } from './database-dump.js';
import { restoreBackup } from './restore.js';
import { createBackup } from './service.js';
import type { BackupManifest } from './manifest.js';

const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

let shop: TestApp;
let products: SellableProduct[];
let artworks: string[];
const folders: string[] = [];
const databases: string[] = [];

beforeAll(async () => {
  shop = await createTestApp();
  products = await sellableProducts(shop.context);
  artworks = [];
  for (let i = 0; i < 3; i += 1) artworks.push((await createArtwork(shop.context)).transformationId);
  // And a camera-sized photo with its artwork, which nobody ordered.
  await insertArtwork(shop.context);
});
afterAll(async () => {
  await shop?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true, maxRetries: 5 });
  for (const name of databases) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

async function placeOrder(index: number, pay: boolean): Promise<string> {
  const product = products[index % products.length]!;
  const transformationId = artworks[index % artworks.length]!;
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: checkoutBody([{ product, transformationId, quantity: 1 + (index % 3) }], {
      customerEmail: `buyer${index}@example.com`,
    }),
    remoteAddress: `10.0.${index % 250}.1`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { order_id: orderId, client_secret: clientSecret } = response.json();
  if (pay) {
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { client_secret: clientSecret, card },
      remoteAddress: `10.0.${index % 250}.1`,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return orderId as string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'wanderer-restore-'));
  folders.push(folder);
  return folder;
}

/** The environment of a shop restored into `dataDir`: on PostgreSQL, a new empty database. */
async function restoredEnvironment(dataDir: string): Promise<Record<string, string>> {
  const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (shop.context.database.kind === 'postgres') {
    const name = `wanderer_restore_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databases.push(name);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

describe('a backup made while checkouts run, restored into a new folder', () => {
  let manifest: BackupManifest;
  let archive: string;
  let before: string[];
  let paidOrder: string;

  it('holds a consistent shop while the burst goes on', async () => {
    // The shop before: paid and pending orders, one paid order's confirmation sent.
    before = [];
    for (let i = 0; i < 6; i += 1) before.push(await placeOrder(i, i % 2 === 0));
    paidOrder = before[0]!;
    expect(await sendOrderConfirmation(shop.context, paidOrder)).toMatchObject({ skipped: false });

    let stop = false;
    let placed = 0;
    const burst = Promise.all(
      [0, 1, 2].map(async (lane) => {
        for (let i = 0; !stop; i += 1) {
          await placeOrder(100 + lane * 1000 + i, i % 2 === 0);
          placed += 1;
        }
      }),
    );
    const folder = await newFolder();
    archive = join(folder, 'shop.tar');
    // Let the burst get going first.
    while (placed < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const atStart = placed;
    ({ manifest } = await createBackup(shop.context, { file: archive }));
    const duringBackup = placed - atStart;
    stop = true;
    await burst;

    // Orders kept coming while the backup was made: the shop kept serving.
    expect(duringBackup).toBeGreaterThan(0);
    expect(manifest.counts.orders).toBeGreaterThanOrEqual(before.length + atStart);
    expect(manifest.database.kind).toBe(shop.context.database.kind);
    expect(manifest.migration.level).toMatch(/^\d{4}_/);
    const keys = manifest.entries.map((entry) => entry.path);
    expect(keys.filter((path) => path.startsWith('files/original/'))).toHaveLength(4);
    expect(keys.filter((path) => path.startsWith('files/print-files/'))).toHaveLength(3);
    expect(keys.filter((path) => path.startsWith('files/artworks/')).length).toBeGreaterThanOrEqual(3);
    expect(manifest.entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.sha256))).toBe(true);
  });

  it('restores into a new folder, which starts and serves the same orders, files, and no second confirmation', async () => {
    const dataDir = join(await newFolder(), 'data');
    const config = loadConfig(await restoredEnvironment(dataDir));
    const storage = new LocalStorage(join(dataDir, 'storage'), '');
    await restoreBackup({ archive, config, storage });

    const restored = await createContext(config, createLogger(config));
    try {
      const app = await buildApp(restored);
      await app.ready();
      try {
        const rows = await restored.db.select().from(orders);
        // Counts and totals equal the snapshot's.
        expect(rows).toHaveLength(manifest.counts.orders);
        expect(rows.reduce((sum, row) => sum + row.total_amount, 0)).toBe(manifest.counts.order_total_cents);
        expect(rows.filter((row) => row.paid_at).length).toBe(manifest.counts.paid_orders);
        // Every order placed before the backup is there, and every order is the original's.
        const ids = new Set(rows.map((row) => row.id));
        for (const id of before) expect(ids.has(id)).toBe(true);
        const originals = await shop.context.db
          .select()
          .from(orders)
          .where(inArray(orders.id, [...ids]));
        const originalTotals = new Map(originals.map((row) => [row.id, row.total_amount]));
        for (const row of rows) expect(row.total_amount).toBe(originalTotals.get(row.id));
        // …and served, over HTTP, as before.
        for (const id of before) {
          const served = await app.inject({ method: 'GET', url: `/api/orders/${id}` });
          const original = await shop.app.inject({ method: 'GET', url: `/api/orders/${id}` });
          expect(served.statusCode).toBe(200);
          expect(served.json().total_amount).toBe(original.json().total_amount);
          expect(served.json().status).toBe(original.json().status);
        }

        // The same files, byte for byte.
        const stored = manifest.entries.filter((entry) => entry.path.startsWith('files/'));
        expect(stored.length).toBe(manifest.counts.files);
        for (const entry of stored) {
          const key = entry.path.slice('files/'.length);
          const bytes = await restored.storage.get(key);
          expect(sha256(bytes), key).toBe(sha256(await shop.context.storage.get(key)));
        }
        const photo = stored.find((entry) => entry.path.startsWith('files/original/'))!;
        const served = await app.inject({ method: 'GET', url: `/files/${photo.path.slice('files/'.length)}` });
        // Originals are private: the restored shop keeps them so.
        expect(served.statusCode).not.toBe(200);

        // The restored shop works its queue and sweeps for stranded work: the paid order's
        // confirmation, sent before the backup, is not sent again.
        await restored.jobs.work(createJobHandlers(restored));
        await recoverStrandedWork(restored);
        expect(await sendOrderConfirmation(restored, paidOrder)).toBeNull();
        const confirmations = await restored.db
          .select()
          .from(email_messages)
          .where(and(eq(email_messages.order_id, paidOrder), eq(email_messages.kind, CONFIRMATION_KIND)));
        expect(confirmations).toHaveLength(1);
        expect(confirmations[0]!.status).toBe('sent');
        const outbox = (await readdir(join(dataDir, 'outbox')).catch(() => [] as string[])).filter((name) =>
          name.startsWith(confirmations[0]!.id),
        );
        expect(outbox).toHaveLength(1);
      } finally {
        await app.close();
      }
    } finally {
      await closeContext(restored);
    }
  });

  it('restores the files into the configured S3 bucket, and refuses a bucket holding a shop', async () => {
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(await newFolder(), 's3') });
    const { port } = await s3.run();
    try {
      const dataDir = join(await newFolder(), 'data');
      const env = {
        ...(await restoredEnvironment(dataDir)),
        S3_BUCKET: 'wanderer-restored',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
      const config = loadConfig(env);
      const bucket = await createStorage(config);
      await bucket.ready();
      expect(bucket.kind).toBe('s3');
      await restoreBackup({ archive, config, storage: bucket });

      const stored = manifest.entries.filter((entry) => entry.path.startsWith('files/'));
      for (const entry of stored) {
        expect(sha256(await bucket.get(entry.path.slice('files/'.length))), entry.path).toBe(entry.sha256);
      }
      // Public objects are served by the bucket as what they are.
      const artwork = stored.find((entry) => entry.path.startsWith('files/artworks/'))!;
      const served = await fetch(bucket.publicUrl(artwork.path.slice('files/'.length)));
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      // No local copy of the files: they live in the bucket.
      expect(await readdir(dataDir)).not.toContain('storage');

      const again = loadConfig({ ...env, ...(await restoredEnvironment(join(await newFolder(), 'data'))) });
      await expect(restoreBackup({ archive, config: again, storage: bucket })).rejects.toThrow(
        'The S3 bucket already holds files of a shop: restore into an empty bucket.',
      );
    } finally {
      await s3.close();
    }
  });

  it('refuses a folder that is not empty, and a damaged archive, writing nothing', async () => {
    const full = await newFolder();
    await writeFile(join(full, 'something'), 'here');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: full, LOG_LEVEL: 'silent' });
    await expect(
      restoreBackup({ archive, config, storage: new LocalStorage(join(full, 'storage'), '') }),
    ).rejects.toThrow(/is not empty/);

    // One byte of a stored photo changed inside the archive.
    const bytes = await readFile(archive);
    const photo = manifest.entries.find((entry) => entry.path.startsWith('files/original/'))!;
    // Its tar header starts a 512-byte block (the manifest names it too, elsewhere).
    let header = bytes.indexOf(Buffer.from(photo.path));
    while (header >= 0 && header % 512 !== 0) header = bytes.indexOf(Buffer.from(photo.path), header + 1);
    expect(header).toBeGreaterThanOrEqual(0);
    bytes[header + 512 + 100] ^= 0xff;
    const damaged = join(await newFolder(), 'damaged.tar');
    await writeFile(damaged, bytes);
    const target = join(await newFolder(), 'data');
    const env = await restoredEnvironment(target);
    await expect(
      restoreBackup({
        archive: damaged,
        config: loadConfig(env),
        storage: new LocalStorage(join(target, 'storage'), ''),
      }),
    ).rejects.toThrow(`The archive is damaged: ${photo.path} does not match its checksum. Nothing was restored.`);
    expect(await readdir(target)).toEqual([]);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('on PostgreSQL without pg_dump, says what to run instead', async () => {
    const path = process.env.PATH;
    process.env.PATH = await newFolder();
    try {
      await expect(createBackup(shop.context, { file: join(await newFolder(), 'x.tar') })).rejects.toThrow(
        PG_DUMP_MISSING,
      );
    } finally {
      process.env.PATH = path;
    }
    expect(PG_DUMP_MISSING).toContain('pg_dump --format=custom --file wanderer.dump "$DATABASE_URL"');
  });
});
